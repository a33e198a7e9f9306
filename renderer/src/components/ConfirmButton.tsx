import { useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

interface ConfirmButtonProps {
  readonly label: string;
  /** When the visible label alone does not say what it acts on (a list of profiles). */
  readonly accessibleName?: string;
  readonly className: string;
  readonly disabled?: boolean;
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  onConfirm(): void;
}

/** A button whose action asks first, in the app's own dialog. */
export function ConfirmButton({
  label,
  accessibleName,
  className,
  disabled = false,
  onConfirm,
  ...question
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={accessibleName}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      {/* Drawn only while asking: a closed dialog beside every message's Delete made each one costlier to draw. */}
      {asking && (
        <ConfirmDialog
          {...question}
          open
          onConfirm={() => {
            setAsking(false);
            onConfirm();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
