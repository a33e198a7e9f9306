/** Characters that reorder text around them: embeddings, overrides, isolates and marks. */
const BIDI_NAMES: Readonly<Record<string, string>> = {
  "\u061c": "ALM",
  "\u200e": "LRM",
  "\u200f": "RLM",
  "\u202a": "LRE",
  "\u202b": "RLE",
  "\u202c": "PDF",
  "\u202d": "LRO",
  "\u202e": "RLO",
  "\u2066": "LRI",
  "\u2067": "RLI",
  "\u2068": "FSI",
  "\u2069": "PDI",
};

// Tab, line feed and carriage return lay text out and stay; every other control is shown.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const shown = (character: string) => {
  const code = character.charCodeAt(0);
  // C0 controls and DEL have pictures of their own (␀ … ␟, ␡).
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return `\u27e8${BIDI_NAMES[character] ?? `U+${code.toString(16).toUpperCase().padStart(4, "0")}`}\u27e9`;
};

/**
 * `text` from the gateway or a model, with every control and bidirectional formatting character
 * made visible (`⟨RLO⟩`, `␛`): such characters could otherwise reorder what the user reads, as a
 * title ending in U+202E makes the host after it read backwards.
 */
export function visibleControls(text: string): string {
  return text.replace(INVISIBLE, shown);
}
