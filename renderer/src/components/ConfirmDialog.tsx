import { useEffect, useId, useLayoutEffect, useRef } from "react";
import "./confirm-dialog.css";

interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question in the app's own style: a native <dialog>, so focus moves into it, stays there,
 * Escape cancels and focus returns to where it was. Cancel has the focus first: the safe answer.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Not `autoFocus`: React would focus it as the dialog mounts, closed, laying the page out for
      // nothing.
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);
  // Closed before it leaves the page, so focus goes back to where it was, as when it closes in place.
  useLayoutEffect(() => {
    const element = dialog.current;
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="confirm-dialog__actions">
        <button ref={cancel} type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
