import { useTranslation } from "react-i18next";

/** A field labelled Model that takes any model code, offering the profile's known codes. */
export function ModelField({
  id,
  value,
  suggestions,
  onChange,
}: {
  id: string;
  value: string;
  suggestions: readonly string[];
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span className="field__label">{t("media.model")}</span>
      <input list={`${id}-models`} value={value} onChange={(event) => onChange(event.target.value)} />
      <datalist id={`${id}-models`}>
        {suggestions.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </label>
  );
}
