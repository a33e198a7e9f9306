import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ActionError, type ActionAttempt } from "../../components/ActionError.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { SubmitProblem, type FieldProblem } from "../../components/SubmitProblem.tsx";
import { CostEstimateLine, useShortfallText } from "./CostEstimateLine.tsx";
import type { SpendCheck } from "./use-spend-check.ts";
import "./media-form.css";

interface MediaFormProps {
  readonly id: string;
  readonly title: string;
  readonly prompt: string;
  onPromptChange(prompt: string): void;
  readonly submitLabel: string;
  /** The first field the form refused; its control is the one `name`d for it. */
  readonly problem: FieldProblem | null;
  /** The latest start of a task from this form. */
  readonly submission: ActionAttempt & { readonly isPending: boolean };
  onSubmit(): void;
  /** The job's price and whether the budget covers it: a shortfall asks first, an exhausted budget blocks. */
  readonly spendCheck: SpendCheck;
  readonly children: ReactNode;
}

/**
 * The form column of Images and Videos: prompt first and large, the pane's own fields, the estimated
 * cost, then the result of submitting.
 */
export function MediaForm(props: MediaFormProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const shortfall = useShortfallText(props.spendCheck);
  const blocked = props.spendCheck.cover.state === "exhausted" || props.spendCheck.cover.state === "over";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    if (props.spendCheck.cover.state === "short") setConfirming(true);
    else props.onSubmit();
  };
  return (
    <form ref={form} className="media-form" onSubmit={submit} noValidate aria-labelledby={`${props.id}-title`}>
      <h1 id={`${props.id}-title`} className="pane__title">
        {props.title}
      </h1>
      <label className="field">
        <span className="field__label">{t("media.prompt")}</span>
        <textarea
          name="prompt"
          rows={6}
          value={props.prompt}
          onChange={(event) => props.onPromptChange(event.target.value)}
        />
      </label>
      {props.children}
      {/* The price, the button and why it failed stay in view however tall the form grows (a short window, a reference image). */}
      <div className="media-form__submit">
        <SubmitProblem problem={props.problem} form={form} />
        <ActionError actions={[props.submission]} />
        <CostEstimateLine check={props.spendCheck} />
        <button type="submit" className="button button--primary" disabled={props.submission.isPending || blocked}>
          {props.submission.isPending ? t("media.generating") : props.submitLabel}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("cost.confirmTitle")}
        message={shortfall}
        confirmLabel={t("cost.confirm")}
        cancelLabel={t("cost.cancel")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onSubmit();
        }}
      />
    </form>
  );
}
