import i18next from "i18next";
import type { z } from "zod";
import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { englishOf, translate } from "../../../shared/text/app-texts.ts";
import type { Language } from "../../../shared/text/languages.ts";
import { codedIssue, genericIssue } from "../../../shared/text/schema-issues.ts";

const appLanguage = (): Language => (i18next.language === "zh" ? "zh" : "en");

/** One of main's coded sentences in the app's language; `fallback` for a code this build does not know. */
export const sayText = (text: CodedText, fallback = englishOf(text)): string =>
  translate(appLanguage(), text) ?? fallback;

/** What an error says: the app's own sentence in the app's language, the gateway's words as it sent them. */
export const errorText = (error: IpcError): string => (error.text ? sayText(error.text, error.message) : error.message);

/** Why a task failed, in the same way. */
export function taskFailureText(task: Pick<TaskView, "errorText" | "errorMessage">): string | null {
  if (task.errorText) return sayText(task.errorText, task.errorMessage ?? task.errorText.code);
  return task.errorMessage;
}

/**
 * A form's problem: the sentence its schema names, or, where the schema words it in English of its
 * own (the gateway's wire format), that English, worded by kind in the other languages.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const language = appLanguage();
  const text = codedIssue(issue) ?? (language === "en" ? null : genericIssue(issue));
  return (text && translate(language, text)) ?? issue.message;
}
