import { useRef, useState } from "react";

/**
 * The state of a Settings list whose items are added and edited in one form below it: which item
 * the form edits ("new" for an added one), whether the last edit was saved, and the Add button,
 * which takes the focus back when the form closes.
 */
export function useListEditor<T extends { readonly id: string }>(
  items: readonly T[] | undefined,
  initial: string | "new" | null = null,
) {
  const [editing, setEditing] = useState<string | "new" | null>(initial);
  const [saved, setSaved] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const edited = items?.find((item) => item.id === editing) ?? null;
  return {
    editing,
    /** The item the form edits; null for a new one. */
    edited,
    /** The form is open: on a new item, or on one that still exists. */
    open: editing !== null && (editing === "new" || edited !== null),
    /** Saved, and the form closed: time to say so. */
    savedShown: saved && editing === null,
    addButton,
    start(id: string | "new") {
      setSaved(false);
      setEditing(id);
    },
    done(wasSaved: boolean) {
      setSaved(wasSaved);
      setEditing(null);
      addButton.current?.focus();
    },
    /** An item removed: the form on it closes. */
    removed(id: string) {
      if (editing === id) setEditing(null);
    },
  };
}
