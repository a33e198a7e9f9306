import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { QuickChatShortcutSchema, type QuickChatShortcutState } from "../../../../shared/ipc/desktop.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";

const SHORTCUT_KEY = ["quick-chat-shortcut"] as const;

function savedNote(state: QuickChatShortcutState): "shortcutSaved" | "shortcutWebOnly" | "shortcutNotWorking" {
  if (state.registered === null) return "shortcutWebOnly";
  return state.registered ? "shortcutSaved" : "shortcutNotWorking";
}

function ShortcutFields({ saved }: { readonly saved: QuickChatShortcutState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(saved.shortcut);
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (shortcut: string) => unwrap(api.app.setQuickChatShortcut({ shortcut })),
    onSuccess: (state) => queryClient.setQueryData(SHORTCUT_KEY, state),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = QuickChatShortcutSchema.safeParse({ shortcut: draft });
    setInvalid(!parsed.success);
    if (parsed.success) save.mutate(parsed.data.shortcut);
  };
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <FormField
        id="quick-chat-shortcut"
        label={t("desktop.shortcut")}
        hint={t("desktop.shortcutHint")}
        value={draft}
        onChange={setDraft}
        error={invalid ? t("desktop.shortcutInvalid") : null}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("desktop.saveShortcut")}
        </button>
        {save.data && !save.isPending && (
          <span role="status">{t(`desktop.${savedNote(save.data)}`, { shortcut: save.data.shortcut })}</span>
        )}
      </div>
      <ActionError actions={[save]} />
    </form>
  );
}

/** The global shortcut that opens quick chat. */
export function QuickChatShortcutForm() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: SHORTCUT_KEY, queryFn: () => unwrap(api.app.quickChatShortcut()) });
  return (
    <section aria-labelledby="desktop-title" className="settings-section">
      <h2 id="desktop-title">{t("desktop.title")}</h2>
      {data && <ShortcutFields key={data.shortcut} saved={data} />}
    </section>
  );
}
