import { z } from "zod";

/** The languages the app speaks, each named in itself. */
export const LANGUAGES = { en: "English", zh: "中文" } as const;
export type Language = keyof typeof LANGUAGES;
export const LanguageSchema = z.enum(["en", "zh"]);

/** The locale of a language, for Intl's numbers, money, dates and plural rules. */
export const LOCALES: Readonly<Record<Language, string>> = { en: "en-US", zh: "zh-CN" };
