import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { isNotFound, type TaskFailure } from "./task-failures.ts";

/** Failed polls of a task in a row before its card says so: one alone is usually gone by the next. */
export const FAILURES_SAID_AFTER = 2;

/**
 * What a task still followed says after its polls (or its result's download) failed
 * `failures` times in a row; null while that is not worth saying. A not-found answer has its own
 * count, which ends the task (NOT_FOUND_LOOKS).
 */
export function pollNotice(error: unknown, failures: number): CodedText | null {
  if (failures < FAILURES_SAID_AFTER || isNotFound(error)) return null;
  if (!(error instanceof GatewayError)) return codedText("TASK_POLLS_FAILING", { cause: String(error) });
  if (!error.code.startsWith("DOWNLOAD_") && (error.status === 401 || error.status === 403))
    return codedText("TASK_KEY_REFUSED", { status: error.status });
  if (error.text?.code === "DOWNLOAD_TOO_MANY_REDIRECTS") return codedText("TASK_RESULT_REDIRECT_LOOP");
  const cause = error.text ?? null;
  return cause
    ? codedText("TASK_POLLS_FAILING", {}, codedText("QUOTED_ERROR", { code: error.code }, cause))
    : codedText("TASK_POLLS_FAILING", { cause: `${error.code}: ${error.message}` });
}

/** Results of a task that could not be kept (JSON of the notice): how many of those asked for, and why. */
export function missingResults(missing: number, asked: number, failure: TaskFailure): string {
  const cause = failure.text ?? null;
  const notice = cause
    ? codedText("TASK_RESULTS_MISSING", { count: missing, asked }, cause)
    : codedText("TASK_RESULTS_MISSING", { count: missing, asked, cause: failure.message });
  return JSON.stringify(notice);
}

/** Results an answer listed beyond the `n` asked for, left out rather than downloaded. */
export const resultsLeftOut = (count: number): CodedText => codedText("TASK_RESULTS_LEFT_OUT", { count });
