import { useTranslation } from "../../i18n/use-translation.ts";
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from "../../../../shared/ipc/compare.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { ModelSetPicker } from "./ModelSetPicker.tsx";
import { useCompareStore } from "./compare-store.ts";
import "./compare.css";

interface ComparePicksProps {
  readonly conversationId: string;
  readonly picks: readonly string[];
  readonly recentModels: readonly string[];
}

/** Above the message box while Compare is on: the 2-4 models the next message goes to, and the saved model sets. */
export function ComparePicks({ conversationId, picks, recentModels }: ComparePicksProps) {
  const { t } = useTranslation();
  const options = useModelOptions("chat", recentModels);
  const picksChanged = useCompareStore((state) => state.picksChanged);
  const change = (models: readonly string[]) => picksChanged(conversationId, models);
  return (
    <div className="compare-picks">
      <div role="group" aria-label={t("compare.models")} className="compare-picks__models">
        <span className="compare-picks__title" aria-hidden="true">
          {t("compare.models")}
        </span>
        {picks.map((model, index) => (
          <span key={index} className="compare-picks__model">
            <ModelPicker
              layout="bare"
              label={t("compare.model", { index: index + 1 })}
              placeholder={t("compare.model", { index: index + 1 })}
              value={model}
              options={options}
              onChange={(code) => change(picks.map((picked, at) => (at === index ? code : picked)))}
            />
            {picks.length > COMPARE_MIN_MODELS && (
              <button
                type="button"
                className="button button--small"
                aria-label={t("compare.removeModel", { index: index + 1 })}
                title={t("compare.removeModel", { index: index + 1 })}
                onClick={() => change(picks.filter((_, at) => at !== index))}
              >
                ×
              </button>
            )}
          </span>
        ))}
        {picks.length < COMPARE_MAX_MODELS && (
          <button
            type="button"
            className="button button--small"
            onClick={() => change([...picks, options.find((option) => !picks.includes(option.code))?.code ?? ""])}
          >
            {t("compare.addModel")}
          </button>
        )}
      </div>
      <ModelSetPicker picks={picks} onPick={change} />
      <p className="compare-picks__hint">{t("compare.hint")}</p>
    </div>
  );
}
