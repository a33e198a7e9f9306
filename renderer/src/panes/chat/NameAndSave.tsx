import type { KeyboardEvent } from "react";
import { FormField } from "../../components/FormField.tsx";

interface NameAndSaveProps {
  /** The group's name, as the button that opened it says. */
  readonly title: string;
  readonly id: string;
  readonly label: string;
  readonly name: string;
  onNameChange(name: string): void;
  readonly error: string | null;
  readonly saving: boolean;
  readonly saveLabel: string;
  readonly cancelLabel: string;
  onSave(): void;
  onCancel(): void;
  readonly className: string;
}

/**
 * A name asked for in place, to keep something under it: Enter saves and Esc cancels the field only
 * (it may sit inside another form or popover, which keeps its own Enter and Esc).
 */
export function NameAndSave(props: NameAndSaveProps) {
  const { title, id, label, name, onNameChange, error, saving, saveLabel, cancelLabel, onSave, onCancel } = props;
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" && event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === "Enter") onSave();
    else onCancel();
  };
  return (
    <div role="group" aria-label={title} className={props.className}>
      <FormField
        id={id}
        label={label}
        value={name}
        onChange={onNameChange}
        error={error}
        autoFocus
        onKeyDown={keyDown}
      />
      <div className="form-actions">
        <button type="button" className="button button--primary" disabled={saving} onClick={onSave}>
          {saveLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
