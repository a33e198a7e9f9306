import i18next from "i18next";
import { LANGUAGES, type Language } from "../../../shared/text/languages.ts";
import { api } from "../api/desktop-api.ts";
import { en } from "./en.ts";
import { zh } from "./zh.ts";

export { LANGUAGES };
export const LANGUAGE_CODES = Object.keys(LANGUAGES).filter((code): code is Language => code in LANGUAGES);

const STORAGE_KEY = "modeldesk.language";

function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === "en" || saved === "zh") return saved;
  return navigator.language.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** Main's own notifications and tray speak the window's language: it is told at start and on every change. */
const tellMain = (language: Language) => void api.app.setLanguage({ language });

const startLanguage = initialLanguage();
void i18next.init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: startLanguage,
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  // The texts are bundled: ready at once, so the first render already speaks the language.
  initAsync: false,
});
document.documentElement.lang = startLanguage;
tellMain(startLanguage);

export function changeLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
  tellMain(language);
}

export default i18next;
