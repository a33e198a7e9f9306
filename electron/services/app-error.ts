import type { CodedText, TextParams } from "../../shared/ipc/coded-text.ts";
import { codedText, englishOf, type TextCode } from "../../shared/text/app-texts.ts";

/**
 * A failure inside the app (not from the gateway), with a code the window can act on and the
 * sentence it shows, coded so the window says it in its language; the message is its English.
 */
export class AppError extends Error {
  readonly code: string;
  readonly text: CodedText;

  constructor(code: string, text: CodedText) {
    super(englishOf(text));
    this.name = "AppError";
    this.code = code;
    this.text = text;
  }
}

/** An AppError whose code is also its sentence's. */
export const appError = (code: TextCode, params?: TextParams): AppError => new AppError(code, codedText(code, params));
