import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { zh } from "./zh.ts";

export const LANGUAGES = { en: "English", zh: "中文" } as const;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES).filter((code): code is Language => code in LANGUAGES);

const STORAGE_KEY = "modeldesk.language";

function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === "en" || saved === "zh") return saved;
  return navigator.language.toLowerCase().startsWith("zh") ? "zh" : "en";
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: initialLanguage(),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
});

export function changeLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export default i18next;
