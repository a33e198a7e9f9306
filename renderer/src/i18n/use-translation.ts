import { useSyncExternalStore } from "react";
import i18next, { type TFunction } from "i18next";

// The one i18next instance, which ./index.ts initialises with the bundled texts before the first render.

/** One `t` per language, made once: every component of that language shares it. */
const fixedT = new Map<string, TFunction>();

const subscribe = (changed: () => void) => {
  i18next.on("languageChanged", changed);
  return () => i18next.off("languageChanged", changed);
};
const currentLanguage = () => i18next.language;

/**
 * The window's texts in its language, drawn again when the language changes. react-i18next's hook
 * copies the i18next instance for every component that mounts, which made a Requests table of a
 * few hundred rows spend tens of milliseconds on copies alone.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  let t = fixedT.get(language);
  if (!t) {
    t = i18next.getFixedT(language);
    fixedT.set(language, t);
  }
  return { t, i18n: i18next };
}
