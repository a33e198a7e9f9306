import { useTranslation } from "../../i18n/use-translation.ts";
import { useModelSets } from "../chat/compare-queries.ts";

interface ModelSetFieldProps {
  readonly value: string | null;
  onChange(setId: string | null): void;
}

/** An assistant's model set: a conversation started from it opens in Compare with the set's models. */
export function ModelSetField({ value, onChange }: ModelSetFieldProps) {
  const { t } = useTranslation();
  const { sets } = useModelSets();
  const missing = value !== null && !sets.some((set) => set.id === value);
  return (
    <label className="field">
      <span className="field__label">{t("assistants.modelSet")}</span>
      <select value={value ?? ""} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t("assistants.noModelSet")}</option>
        {sets.map((set) => (
          <option key={set.id} value={set.id}>
            {`${set.name} (${set.models.join(", ")})`}
          </option>
        ))}
        {missing && <option value={value}>{t("assistants.modelSetMissing")}</option>}
      </select>
    </label>
  );
}
