import type { CodedText, TextParams } from "../ipc/coded-text.ts";
import { errorsEn } from "./en-errors.ts";
import { faultsEn } from "./en-faults.ts";
import { noticesEn } from "./en-notices.ts";
import { validationEn } from "./en-validation.ts";
import { LOCALES, type Language } from "./languages.ts";
import { errorsZh } from "./zh-errors.ts";
import { faultsZh } from "./zh-faults.ts";
import { noticesZh } from "./zh-notices.ts";
import { validationZh } from "./zh-validation.ts";

const textsEn = { ...errorsEn, ...faultsEn, ...validationEn, ...noticesEn };
type TableKey = keyof typeof textsEn;

/** Every sentence main and the shared schemas name by code, in each language. */
export const APP_TEXTS: Readonly<Record<Language, Readonly<Record<TableKey, string>>>> = {
  en: textsEn,
  zh: { ...errorsZh, ...faultsZh, ...validationZh, ...noticesZh },
};

type WithoutPlural<Key> = Key extends `${infer Code}_one` ? Code : Key extends `${infer Code}_other` ? Code : Key;
/** A code as it is sent: a sentence with `_one` and `_other` forms is one code, the form chosen by `count`. */
export type TextCode = WithoutPlural<TableKey>;

export function codedText(code: TextCode, params: TextParams = {}, cause?: CodedText): CodedText {
  return cause ? { code, params, cause } : { code, params };
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function templateOf(language: Language, code: string, count: TextParams[string] | undefined): string | null {
  const table: Readonly<Record<string, string>> = APP_TEXTS[language];
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(LOCALES[language])));
  const keys = typeof count === "number" ? [`${code}_${rules.select(count)}`, code] : [code];
  const key = keys.find((candidate) => Object.hasOwn(table, candidate));
  return key === undefined ? null : (table[key] ?? null);
}

/** A coded sentence in a language, its quoted cause said first; null for a code the table does not know. */
export function translate(language: Language, text: CodedText): string | null {
  const template = templateOf(language, text.code, text.params.count);
  if (template === null) return null;
  const values: TextParams = { ...text.params };
  if (text.cause) values.cause = translate(language, text.cause) ?? text.cause.code;
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** The English of a coded sentence: the `message` that travels beside it for logs, tests and the API. */
export const englishOf = (text: CodedText): string => translate("en", text) ?? text.code;
