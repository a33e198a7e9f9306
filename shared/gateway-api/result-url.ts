import { z } from "zod";

/** Whether `value` is an absolute `http:` or `https:` URL. */
function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Where a gateway says a generated file is: an absolute http(s) URL. A `file:`, `data:` or other
 * scheme in an answer is refused when it is read, before anything tries to fetch it.
 */
export const ResultUrlSchema = z.string().refine(isHttpUrl, "a result URL must be an absolute http(s) URL");
