import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LedgerRetentionSchema, type LedgerRetention } from "../../../../shared/ipc/ledger.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";
import { formIssue } from "../../components/form-issue.ts";

const RETENTION_KEY = ["ledger-retention"] as const;

const daysOf = (draft: string) => (draft.trim() === "" ? Number.NaN : Number(draft));

function RetentionFields({ saved }: { readonly saved: LedgerRetention }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(String(saved.days));
  const [backgroundDraft, setBackgroundDraft] = useState(String(saved.backgroundDays));
  const [error, setError] = useState<{ field: PropertyKey; message: string } | null>(null);
  const save = useMutation({
    mutationFn: (retention: LedgerRetention) => unwrap(api.budget.setRetention(retention)),
    onSuccess: (retention) => queryClient.setQueryData(RETENTION_KEY, retention),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LedgerRetentionSchema.safeParse({ days: daysOf(draft), backgroundDays: daysOf(backgroundDraft) });
    const issue = parsed.success ? null : formIssue(parsed.error);
    setError(issue && { field: issue.path[0] ?? "days", message: issue.message });
    if (parsed.success) save.mutate(parsed.data);
  };
  const errorOf = (field: keyof LedgerRetention) => (error?.field === field ? error.message : null);
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <FormField
        id="ledger-retention"
        label={t("retention.field")}
        hint={t("retention.hint")}
        inputMode="numeric"
        value={draft}
        onChange={setDraft}
        error={errorOf("days")}
      />
      <FormField
        id="ledger-background-retention"
        label={t("retention.backgroundField")}
        hint={t("retention.backgroundHint")}
        inputMode="numeric"
        value={backgroundDraft}
        onChange={setBackgroundDraft}
        error={errorOf("backgroundDays")}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("retention.save")}
        </button>
        {save.isSuccess && !save.isPending && <span role="status">{t("alerts.saved")}</span>}
      </div>
      <ActionError actions={[save]} />
    </form>
  );
}

/** How long the ledger keeps its rows. */
export function RetentionForm() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: RETENTION_KEY, queryFn: () => unwrap(api.budget.retention()) });
  return (
    <section aria-labelledby="retention-title" className="settings-section">
      <h2 id="retention-title">{t("retention.title")}</h2>
      {data && <RetentionFields key={`${data.days}-${data.backgroundDays}`} saved={data} />}
    </section>
  );
}
