import type { InputHTMLAttributes } from "react";

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id"> {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  onChange(value: string): void;
  readonly hint?: string | undefined;
  /** The form's message for this field; it names the allowed range where there is one. */
  readonly error?: string | null | undefined;
}

/** A labelled input with its hint and its error, both tied to it for screen readers. */
export function FormField({ id, label, value, onChange, hint, error, ...input }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
      />
      {hintId && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
      {errorId && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </label>
  );
}
