import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError } from "../../../../shared/ipc/result.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

interface MediaFormProps {
  readonly id: string;
  readonly title: string;
  readonly prompt: string;
  onPromptChange(prompt: string): void;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly problem: string | null;
  readonly error: IpcError | null;
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
      {props.error && <ErrorNotice error={props.error} />}
      <button type="submit" className="button button--primary" disabled={props.busy}>
        {props.busy ? t("media.generating") : props.submitLabel}
      </button>
    </form>
  );
}
