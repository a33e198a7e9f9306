import { useTranslation } from "../../i18n/use-translation.ts";

/** The origins typed one per line, blank lines left out. */
export const resultOriginsOf = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

interface ResultOriginsFieldProps {
  readonly value: string;
  onChange(value: string): void;
  readonly error: string | null;
}

/** A profile's Result origins: one origin per line, with the form's problem about them. */
export function ResultOriginsField({ value, onChange, error }: ResultOriginsFieldProps) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span className="field__label">{t("settings.resultOrigins")}</span>
      <textarea
        name="resultOrigins"
        rows={2}
        spellCheck={false}
        value={value}
        placeholder="http://192.168.1.20:9000"
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={["profile-result-origins-hint", error ? "profile-result-origins-error" : ""]
          .filter(Boolean)
          .join(" ")}
      />
      <span className="field__hint" id="profile-result-origins-hint">
        {t("settings.resultOriginsHint")}
      </span>
      {error && (
        <p className="field__error" id="profile-result-origins-error" role="alert">
          {error}
        </p>
      )}
    </label>
  );
}
