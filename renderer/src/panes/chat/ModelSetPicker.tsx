import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CompareInputs } from "../../../../shared/ipc/compare.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { formIssue } from "../../components/form-issue.ts";
import { useModelSets } from "./compare-queries.ts";
import { NameAndSave } from "./NameAndSave.tsx";

interface ModelSetPickerProps {
  readonly picks: readonly string[];
  onPick(models: readonly string[]): void;
}

/** Saved model sets: pick one to compare its models, save the models picked now under a name, delete one. */
export function ModelSetPicker({ picks, onPick }: ModelSetPickerProps) {
  const { t } = useTranslation();
  const { sets, save, remove } = useModelSets();
  const [chosenId, setChosenId] = useState("");
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const chosen = sets.find((set) => set.id === chosenId) ?? null;

  const submit = () => {
    const parsed = CompareInputs.saveSet.safeParse({ name, models: picks });
    if (!parsed.success) return setError(formIssue(parsed.error).message);
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (set) => {
        setSavedName(set.name);
        setChosenId(set.id);
        setNaming(false);
        setName("");
      },
    });
  };
  return (
    <div className="model-sets">
      <label className="inline-field">
        <span className="inline-field__label">{t("compare.modelSet")}</span>
        <select
          value={chosen ? chosen.id : ""}
          onChange={(event) => {
            setChosenId(event.target.value);
            const set = sets.find((candidate) => candidate.id === event.target.value);
            if (set) onPick(set.models);
          }}
        >
          <option value="">{t("compare.noModelSet")}</option>
          {sets.map((set) => (
            <option key={set.id} value={set.id}>
              {set.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--small"
        aria-expanded={naming}
        onClick={() => {
          setSavedName(null);
          setNaming(!naming);
        }}
      >
        {t("compare.saveSet")}
      </button>
      {chosen && (
        <button
          type="button"
          className="button button--small"
          onClick={() => remove.mutate(chosen.id, { onSuccess: () => setChosenId("") })}
        >
          {t("compare.deleteSet")}
        </button>
      )}
      {savedName && <span role="status">{t("compare.savedSet", { name: savedName })}</span>}
      {naming && (
        <NameAndSave
          title={t("compare.saveSet")}
          id="model-set-name"
          label={t("compare.setName")}
          name={name}
          onNameChange={setName}
          error={error}
          saving={save.isPending}
          saveLabel={t("compare.save")}
          cancelLabel={t("compare.cancel")}
          onSave={submit}
          onCancel={() => setNaming(false)}
          className="model-sets__naming"
        />
      )}
      <ActionError actions={[save, remove]} />
    </div>
  );
}
