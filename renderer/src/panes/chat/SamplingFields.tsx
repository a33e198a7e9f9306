import { useTranslation } from "../../i18n/use-translation.ts";
import { MAX_TOKENS_LIMIT, TEMPERATURE_MAX, type ChatSettings, type WireFormat } from "../../../../shared/ipc/chat.ts";
import { FormField } from "../../components/FormField.tsx";
import { typedNumber } from "./form-checks.ts";
import "./sampling-fields.css";

/** The sampling values as typed: text until checked, so a half-typed number is kept. */
interface TypedSampling {
  readonly temperature: string;
  readonly topP: string;
  readonly maxTokens: string;
}

type Sampling = Pick<ChatSettings, "temperature" | "topP" | "maxTokens">;

export const typedSampling = (values: Sampling): TypedSampling => ({
  temperature: String(values.temperature),
  topP: String(values.topP),
  maxTokens: String(values.maxTokens),
});

/** The typed values as numbers for the schema to check (an empty field is no number). */
export const checkedSampling = (typed: TypedSampling): Sampling => ({
  temperature: typedNumber(typed.temperature),
  topP: typedNumber(typed.topP),
  maxTokens: typedNumber(typed.maxTokens),
});

interface SamplingFieldsProps {
  /** Prefixes the fields' ids where two forms could be on one page. */
  readonly idPrefix: string;
  readonly wireFormat: WireFormat;
  readonly values: TypedSampling;
  onChange(change: Partial<TypedSampling>): void;
  errorOf(field: keyof TypedSampling): string | null;
}

/** Temperature, top_p and max tokens, each with the range the wire format allows and its own error. */
export function SamplingFields({ idPrefix, wireFormat, values, onChange, errorOf }: SamplingFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="sampling-fields">
      <FormField
        id={`${idPrefix}temperature`}
        type="number"
        step="0.1"
        label={t("chat.temperature")}
        value={values.temperature}
        onChange={(temperature) => onChange({ temperature })}
        hint={t("chat.range", { min: 0, max: TEMPERATURE_MAX[wireFormat] })}
        error={errorOf("temperature")}
      />
      <FormField
        id={`${idPrefix}top-p`}
        type="number"
        step="0.05"
        label={t("chat.topP")}
        value={values.topP}
        onChange={(topP) => onChange({ topP })}
        hint={t("chat.range", { min: 0, max: 1 })}
        error={errorOf("topP")}
      />
      <FormField
        id={`${idPrefix}max-tokens`}
        type="number"
        step="1"
        label={t("chat.maxTokens")}
        value={values.maxTokens}
        onChange={(maxTokens) => onChange({ maxTokens })}
        hint={t("chat.range", { min: 1, max: MAX_TOKENS_LIMIT })}
        error={errorOf("maxTokens")}
      />
    </div>
  );
}
