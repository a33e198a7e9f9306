import type { z } from "zod";
import type { CodedText, TextParams } from "../ipc/coded-text.ts";
import { APP_TEXTS, codedText, type TextCode } from "./app-texts.ts";

type Issue = z.core.$ZodIssue;

const isTextCode = (message: string): message is TextCode => Object.hasOwn(APP_TEXTS.en, message);

/** The bounds a problem names, and the values a refinement attached to it. */
function paramsOf(issue: Issue): TextParams {
  const values: Record<string, unknown> = {
    ...(issue.code === "custom" ? issue.params : {}),
    ...("minimum" in issue ? { minimum: issue.minimum } : {}),
    ...("maximum" in issue ? { maximum: issue.maximum } : {}),
  };
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === "string" || typeof entry[1] === "number",
    ),
  );
}

/** A schema's problem as one of the app's coded sentences, when its message names one (see `invalid`). */
export function codedIssue(issue: Issue): CodedText | null {
  return isTextCode(issue.message) ? codedText(issue.message, paramsOf(issue)) : null;
}

/** A problem worded by its kind alone, for schemas whose messages are English of their own. */
export function genericIssue(issue: Issue): CodedText {
  const params = paramsOf(issue);
  const text = (issue.code === "too_small" || issue.code === "too_big") && issue.origin === "string";
  switch (issue.code) {
    case "too_small":
      if (text) return codedText(issue.minimum === 1 ? "ISSUE_REQUIRED" : "ISSUE_TOO_SHORT", params);
      return codedText("ISSUE_TOO_SMALL", params);
    case "too_big":
      return codedText(text ? "ISSUE_TOO_LONG" : "ISSUE_TOO_BIG", params);
    default:
      return codedText("ISSUE_INVALID");
  }
}
