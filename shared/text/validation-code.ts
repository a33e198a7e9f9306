import type { validationEn } from "./en-validation.ts";

export type ValidationCode = keyof typeof validationEn;

/** A schema's message: the code of the sentence the window shows for that problem, in its language. */
export const invalid = (code: ValidationCode): string => code;
