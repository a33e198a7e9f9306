import { describe, expect, it } from "vitest";
import { en } from "../../../renderer/src/i18n/en.ts";
import { zh } from "../../../renderer/src/i18n/zh.ts";
import { APP_TEXTS } from "../../../shared/text/app-texts.ts";

/**
 * Words a Chinese string may keep exactly as the English one has them: names, codes, header and
 * parameter names, units.
 */
const KEPT_AS_IS = new Set([
  "ModelDesk",
  "RPM",
  "API",
  "URL",
  "HTTP",
  "Authorization",
  "Bearer",
  "top_p",
  "CNY",
  "KB",
  "MB",
]);

/** Every string of a table by its dotted key. */
function stringsOf(table: unknown, prefix = ""): Map<string, string> {
  if (typeof table === "string") return new Map([[prefix, table]]);
  const strings = new Map<string, string>();
  for (const [key, value] of Object.entries(table as Record<string, unknown>)) {
    for (const entry of stringsOf(value, prefix ? `${prefix}.${key}` : key)) strings.set(...entry);
  }
  return strings;
}

/** The words of a string a reader would need translated: placeholders and kept words removed. */
const englishWords = (text: string) =>
  text
    .replace(/\{\{\w+\}\}/g, "")
    .match(/[A-Za-z][A-Za-z_'-]+/g)
    ?.filter((word) => !KEPT_AS_IS.has(word)) ?? [];

/** What is missing from the Chinese table, or left in English in it. */
function untranslated(english: unknown, chinese: unknown): string[] {
  const theirs = stringsOf(chinese);
  return [...stringsOf(english)].flatMap(([key, text]) => {
    const translation = theirs.get(key);
    if (translation === undefined) return [`${key}: missing`];
    if (translation === text && englishWords(text).length > 0) return [`${key}: "${text}" left in English`];
    return [];
  });
}

describe("the Chinese strings", () => {
  it("have every key of the window's English strings, none left in English", () => {
    expect(untranslated(en, zh)).toEqual([]);
  });

  it("have every sentence main and the shared schemas send by code, none left in English", () => {
    expect(untranslated(APP_TEXTS.en, APP_TEXTS.zh)).toEqual([]);
  });

  it("are checked: a missing key or an English string is found", () => {
    const english = { a: { b: "Save the price", c: "ModelDesk", d: "{{count}} requests" } };
    expect(untranslated(english, { a: { b: "Save the price", c: "ModelDesk" } })).toEqual([
      'a.b: "Save the price" left in English',
      "a.d: missing",
    ]);
  });
});
