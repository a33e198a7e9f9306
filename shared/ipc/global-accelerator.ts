/** Modifiers that never type a character by themselves: a chord needs one of them. */
const ACTION_MODIFIERS = new Set([
  "Command",
  "Cmd",
  "Control",
  "Ctrl",
  "CommandOrControl",
  "CmdOrCtrl",
  "Super",
  "Meta",
]);
/** Modifiers that only change what a key types (Shift+A is "A", Option+A is "å"): never enough alone. */
const TYPING_MODIFIERS = new Set(["Shift", "Alt", "Option"]);
/**
 * Named keys whose chords edit or move through text (word and line moves, deleting, switching
 * tabs, confirming, cancelling), with any modifiers.
 */
const EDITING_NAMED_KEYS = [
  "Tab",
  "Backspace",
  "Delete",
  "Insert",
  "Return",
  "Enter",
  "Up",
  "Down",
  "Left",
  "Right",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Escape",
  "Esc",
];
const NAMED_KEYS = new Set(["Plus", "Space", "PrintScreen", ...EDITING_NAMED_KEYS]);
const SINGLE_KEY = /^(?:[A-Z0-9]|F(?:[1-9]|1\d|2[0-4])|[)!@#$%^&*(:;<=>?,_.\-/`~[\]\\|{}'"])$/;
const FUNCTION_KEY = /^F(?:[1-9]|1\d|2[0-4])$/;
/**
 * Keys whose chords select all, copy, cut, paste, undo or redo, or edit as above: taken
 * system-wide, they would stop working in every other application.
 */
const EDITING_KEYS = new Set(["A", "C", "V", "X", "Y", "Z", ...EDITING_NAMED_KEYS]);

/**
 * An Electron accelerator a desktop app may take system-wide, e.g. `CommandOrControl+Shift+Space`:
 * it has a modifier that does not type (Control, Command, Super), and, unless its key is a
 * function key, a second modifier (Control+letter chords belong to every application); AltGr,
 * which types, is refused, and so is any chord on an editing key.
 */
export function isGlobalAccelerator(value: string): boolean {
  const parts = value.split("+");
  const key = parts.at(-1) ?? "";
  const modifiers = parts.slice(0, -1);
  if (new Set(modifiers).size !== modifiers.length) return false;
  if (!modifiers.every((part) => ACTION_MODIFIERS.has(part) || TYPING_MODIFIERS.has(part))) return false;
  if (!modifiers.some((part) => ACTION_MODIFIERS.has(part))) return false;
  const upper = key.toUpperCase();
  if (!NAMED_KEYS.has(key) && !SINGLE_KEY.test(upper)) return false;
  if (EDITING_KEYS.has(key) || EDITING_KEYS.has(upper)) return false;
  return modifiers.length >= 2 || FUNCTION_KEY.test(upper);
}
