import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { en } from "../../renderer/src/i18n/en.ts";

/** Settles when the English texts are loaded: await it (in beforeAll) before `staticMarkup`. */
export const markupTexts = i18next.init({ resources: { en: { translation: en } }, lng: "en", initAsync: false });

/** The HTML a renderer component gives in English, as the first paint would have it. */
export function staticMarkup(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
