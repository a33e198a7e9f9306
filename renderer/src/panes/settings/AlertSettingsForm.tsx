import { useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AlertSettingsSchema, type AlertSettings } from "../../../../shared/ipc/budget-alerts.ts";
import { useAlertSettings, useSaveAlertSettings } from "../../api/alert-queries.ts";
import { issueText } from "../../components/app-text.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";

interface Draft {
  readonly dailyPercents: string;
  readonly monthlyPercents: string;
  readonly balanceBelow: string;
}

const PERCENT_FIELDS = [
  { field: "dailyPercents", id: "alerts-daily", label: "alerts.dailyField" },
  { field: "monthlyPercents", id: "alerts-monthly", label: "alerts.monthlyField" },
] as const;

const toDraft = (settings: AlertSettings): Draft => ({
  dailyPercents: settings.dailyPercents.join(", "),
  monthlyPercents: settings.monthlyPercents.join(", "),
  balanceBelow: settings.balanceBelow === null ? "" : String(settings.balanceBelow),
});

const percents = (text: string) =>
  text
    .split(/[,，\s]+/)
    .filter((part) => part !== "")
    .map(Number);

/** Every field's first problem, so one save names them all. */
function fieldErrors(draft: Draft): { settings: AlertSettings | null; errors: Partial<Record<keyof Draft, string>> } {
  const parsed = AlertSettingsSchema.safeParse({
    dailyPercents: percents(draft.dailyPercents),
    monthlyPercents: percents(draft.monthlyPercents),
    balanceBelow: draft.balanceBelow.trim() === "" ? null : Number(draft.balanceBelow),
  });
  if (parsed.success) return { settings: parsed.data, errors: {} };
  const errors: Partial<Record<keyof Draft, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "dailyPercents" || field === "monthlyPercents" || field === "balanceBelow") && !errors[field])
      errors[field] = issueText(issue);
  }
  return { settings: null, errors };
}

function AlertFields({ profileId, saved }: { readonly profileId: string; readonly saved: AlertSettings }) {
  const { t } = useTranslation();
  const save = useSaveAlertSettings(profileId);
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const edit = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fieldErrors(draft);
    setErrors(checked.errors);
    if (checked.settings) save.mutate(checked.settings, { onSuccess: (settings) => setDraft(toDraft(settings)) });
  };
  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      {PERCENT_FIELDS.map(({ field, id, label }) => (
        <FormField
          key={field}
          id={id}
          label={t(label)}
          hint={t("alerts.percentHint")}
          value={draft[field]}
          onChange={edit(field)}
          error={errors[field]}
        />
      ))}
      <FormField
        id="alerts-balance"
        label={t("alerts.balanceField")}
        hint={t("alerts.balanceHint")}
        inputMode="decimal"
        value={draft.balanceBelow}
        onChange={edit("balanceBelow")}
        error={errors.balanceBelow}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("alerts.save")}
        </button>
        {save.isSuccess && !save.isPending && <span role="status">{t("alerts.saved")}</span>}
      </div>
      <ActionError actions={[save]} />
    </form>
  );
}

/** The active profile's budget alert thresholds, in Settings. */
export function AlertSettingsForm({
  profileId,
  profileName,
}: {
  readonly profileId: string;
  readonly profileName: string;
}) {
  const { t } = useTranslation();
  const { data } = useAlertSettings(profileId);
  return (
    <section aria-labelledby="alerts-title" className="settings-section">
      <h2 id="alerts-title">{t("alerts.settingsTitle", { profile: profileName })}</h2>
      <p className="settings-section__intro">{t("alerts.settingsIntro")}</p>
      {data && <AlertFields key={profileId} profileId={profileId} saved={data} />}
    </section>
  );
}
