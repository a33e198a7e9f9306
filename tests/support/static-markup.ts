import i18next from "i18next";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { en } from "../../renderer/src/i18n/en.ts";

const i18n = i18next.createInstance();

/** Settles when the English texts are loaded: await it (in beforeAll) before `staticMarkup`. */
export const markupTexts = i18n.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: "en" });

/** The HTML a renderer component gives in English, as the first paint would have it. */
export function staticMarkup(element: ReactElement): string {
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, element));
}
