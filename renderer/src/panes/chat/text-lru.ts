/**
 * Values kept by the text they were made from, for at most `maxChars` characters of text in all:
 * beyond that, the least recently used go first. A text longer than the whole budget is not kept.
 */
export class TextLru<T> {
  private readonly entries = new Map<string, T>();
  private readonly maxChars: number;
  private chars = 0;

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  /** The value kept for `text`, now the most recently used. */
  get(text: string): T | undefined {
    const value = this.entries.get(text);
    if (value !== undefined) this.put(text, value);
    return value;
  }

  /** Keeps `value` for `text`, as the most recently used. */
  put(text: string, value: T): void {
    if (text.length > this.maxChars) return;
    // A Map keeps insertion order: deleted and set again, the entry moves to the end.
    if (this.entries.delete(text)) this.chars -= text.length;
    this.entries.set(text, value);
    this.chars += text.length;
    for (const oldest of this.entries.keys()) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
  }
}
