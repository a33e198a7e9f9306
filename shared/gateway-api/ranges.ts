import { z } from "zod";

/** A number within [min, max] whose error message names the field's allowed range. */
export function rangedNumber(field: string, min: number, max: number) {
  const message = `${field} must be between ${min} and ${max}`;
  return z
    .number({ error: `${field} must be a number` })
    .min(min, message)
    .max(max, message);
}

export function positiveInteger(field: string) {
  return z
    .number({ error: `${field} must be an integer` })
    .int(`${field} must be an integer`)
    .min(1, `${field} must be at least 1`);
}
