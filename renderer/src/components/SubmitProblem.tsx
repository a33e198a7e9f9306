import { useEffect, type RefObject } from "react";

/** A form's first problem: the dotted path of the field it is about (its control's `name`) and what to say. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** The dotted field path of a schema issue, as the form's controls are named. */
export const fieldOf = (path: readonly PropertyKey[]): string => path.map(String).join(".");

/**
 * A form's first problem said beside the button that was pressed (a sticky bar can never cover
 * it there), with focus moved to the field it is about. Each refusal is a new object, so pressing
 * the button again moves focus again.
 */
export function SubmitProblem({
  problem,
  form,
  echoesField = false,
}: {
  readonly problem: FieldProblem | null;
  readonly form: RefObject<HTMLFormElement | null>;
  /** The field shows and announces the same message itself: said here for the eye only, not twice to a screen reader. */
  readonly echoesField?: boolean;
}) {
  useEffect(() => {
    if (!problem) return;
    // The nearest named control: `image.url` is about the field named `image`.
    const parts = problem.field.split(".");
    for (let length = parts.length; length > 0; length--) {
      const control = form.current?.elements.namedItem(parts.slice(0, length).join("."));
      if (control instanceof HTMLElement) return control.focus();
    }
  }, [problem, form]);
  if (!problem) return null;
  return (
    <p className="field__error submit-problem" {...(echoesField ? { "aria-hidden": true } : { role: "alert" })}>
      {problem.message}
    </p>
  );
}
