import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ActionError, type ActionAttempt } from "../../components/ActionError.tsx";
import "./media-form.css";

interface MediaFormProps {
  readonly id: string;
  readonly title: string;
  readonly prompt: string;
  onPromptChange(prompt: string): void;
  readonly submitLabel: string;
  readonly problem: string | null;
  /** The latest start of a task from this form. */
  readonly submission: ActionAttempt & { readonly isPending: boolean };
  onSubmit(): void;
  readonly children: ReactNode;
}

/** The form column of Images and Videos: prompt first and large, the pane's own fields, then the result of submitting. */
export function MediaForm(props: MediaFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="media-form" onSubmit={submit} noValidate aria-labelledby={`${props.id}-title`}>
      <h1 id={`${props.id}-title`} className="pane__title">
        {props.title}
      </h1>
      <label className="field">
        <span className="field__label">{t("media.prompt")}</span>
        <textarea rows={6} value={props.prompt} onChange={(event) => props.onPromptChange(event.target.value)} />
      </label>
      {props.children}
      {props.problem && (
        <p className="field__error" role="alert">
          {props.problem}
        </p>
      )}
      <ActionError actions={[props.submission]} />
      <button type="submit" className="button button--primary" disabled={props.submission.isPending}>
        {props.submission.isPending ? t("media.generating") : props.submitLabel}
      </button>
    </form>
  );
}
