import type { CodedText, TextParams } from "../../../shared/ipc/coded-text.ts";
import { SUBMISSION_UNCONFIRMED } from "../../../shared/ipc/tasks.ts";
import { codedText, englishOf } from "../../../shared/text/app-texts.ts";
import { AppError } from "../app-error.ts";
import { GatewayError, MAY_HAVE_BEEN_ACCEPTED_STATUSES } from "../gateway-client/gateway-error.ts";
import { DOWNLOAD_FAILED, LASTING_DOWNLOAD_CODES } from "./result-download.ts";

/**
 * Why a task ended as failed: a code and a message saying what happened and what to do. The app's
 * own failures carry that sentence coded (`text`) for the window; the gateway's are its own words.
 */
export interface TaskFailure {
  readonly code: string;
  readonly message: string;
  readonly text: CodedText | null;
  readonly requestId?: string | null;
}

/** The code of a task the gateway failed without naming a code. */
const UPSTREAM_ERROR = "upstream_error";

type OwnFailure = TaskFailure & { readonly text: CodedText };

const ownFailure = (code: string, text: CodedText): OwnFailure => ({ code, message: englishOf(text), text });

/** A failure as an error said it: coded where the app found it, the gateway's words where the gateway did. */
const failureOf = (error: AppError | GatewayError): TaskFailure => ({
  code: error.code,
  message: error.message,
  text: error.text ?? null,
});

/** An error quoted inside another sentence, with its code: coded where the app found it, else the gateway's words. */
function quoted(error: unknown, otherwise: CodedText): { params: TextParams; cause?: CodedText } {
  if (!(error instanceof GatewayError)) return { params: {}, cause: otherwise };
  if (!error.text) return { params: { cause: `${error.code}: ${error.message}` } };
  return { params: {}, cause: codedText("QUOTED_ERROR", { code: error.code }, error.text) };
}

/** The app closed between sending a submission and recording the gateway's answer. */
export const SUBMISSION_CUT_BY_RESTART = ownFailure(SUBMISSION_UNCONFIRMED, codedText("SUBMISSION_CUT_BY_RESTART"));

/**
 * A submission that brought back no task: an error answer is the gateway's refusal; no answer at
 * all (timeout, network, a cut connection), one that could not be read, or a proxy's 502/504 (it
 * lost the gateway's answer) leaves the charge unknown.
 */
export function submissionFailure(error: unknown): TaskFailure {
  // Raised before anything was sent (e.g. no key for the profile).
  if (error instanceof AppError) return failureOf(error);
  const failure = error instanceof GatewayError ? error : null;
  if (failure?.status !== undefined && MAY_HAVE_BEEN_ACCEPTED_STATUSES.includes(failure.status)) {
    return {
      ...ownFailure(SUBMISSION_UNCONFIRMED, codedText("SUBMISSION_MAY_BE_CHARGED", { status: failure.status })),
      requestId: failure.requestId ?? null,
    };
  }
  if (failure?.status !== undefined && (failure.status < 200 || failure.status >= 300)) {
    return { ...failureOf(failure), requestId: failure.requestId ?? null };
  }
  const { params, cause } = quoted(failure, codedText("SENDING_FAILED"));
  return {
    ...ownFailure(SUBMISSION_UNCONFIRMED, codedText("SUBMISSION_UNANSWERED", params, cause)),
    requestId: failure?.requestId ?? null,
  };
}

/** A result the gateway made, and charged for, that the app could not keep. */
export function resultNotKept(error: unknown, remoteId: string | null): OwnFailure {
  const { params, cause } = quoted(error, codedText("FILE_NOT_WRITTEN"));
  return ownFailure(
    DOWNLOAD_FAILED,
    remoteId
      ? codedText("RESULT_NOT_KEPT", { ...params, remoteId }, cause)
      : codedText("SYNC_RESULT_NOT_KEPT", params, cause),
  );
}

/** A row with no task id to poll, left unfinished by a restart: only a synchronous image's download can be. */
export const RESULT_CUT_BY_RESTART = ownFailure(DOWNLOAD_FAILED, codedText("RESULT_CUT_BY_RESTART"));

/** The gateway failed the task; without its own words, the app says that it gave none. */
export function remoteFailure(code: string | null, message: string | null): TaskFailure {
  if (message !== null) return { code: code ?? UPSTREAM_ERROR, message, text: null };
  return ownFailure(code ?? UPSTREAM_ERROR, codedText("TASK_FAILED"));
}

/**
 * How many times in a row a task (or its result) must be not found before the app believes it: a
 * gateway's replica may not know a task yet, and a result that is gone may have expired, which
 * only asking the task again tells.
 */
export const NOT_FOUND_LOOKS = 3;

/** A task or result the gateway said it does not have (404, or 410 for a file). */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false;
  return error.status === 404 || (error.code.startsWith("DOWNLOAD_") && error.status === 410);
}

/**
 * A failed poll or download that ends the task; null when asking again later can still help.
 * `notFoundLooks` counts the not-found answers in a row, this one included.
 */
export function lastingPollFailure(error: unknown, remoteId: string | null, notFoundLooks = 1): TaskFailure | null {
  if (!(error instanceof GatewayError)) return null;
  if (isNotFound(error) && notFoundLooks < NOT_FOUND_LOOKS) return null;
  const download = error.code.startsWith("DOWNLOAD_");
  if (download && (LASTING_DOWNLOAD_CODES.includes(error.code) || isNotFound(error)))
    return resultNotKept(error, remoteId);
  if (!download && error.status === 404) return failureOf(error);
  return null;
}
