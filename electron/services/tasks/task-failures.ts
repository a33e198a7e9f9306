import { SUBMISSION_UNCONFIRMED } from "../../../shared/ipc/tasks.ts";
import { AppError } from "../app-error.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { LASTING_DOWNLOAD_CODES } from "./result-download.ts";

/** Why a task ended as failed: a code, and a message that says what happened and what to do. */
export interface TaskFailure {
  readonly code: string;
  readonly message: string;
  readonly requestId?: string | null;
}

export const DOWNLOAD_FAILED = "DOWNLOAD_FAILED";

const CHECK_BEFORE_RETRY =
  "Check the gateway's console (its tasks and request log) before you retry, or it may be paid twice.";

/** The app closed between sending a submission and recording the gateway's answer. */
export const SUBMISSION_CUT_BY_RESTART: TaskFailure = {
  code: SUBMISSION_UNCONFIRMED,
  message: `The app closed while this task was being submitted, so it cannot know whether the gateway received and charged it. It was not sent again. ${CHECK_BEFORE_RETRY}`,
};

/**
 * A submission that brought back no task: an error answer is the gateway's refusal; no answer at
 * all (timeout, network, a cut connection) or one that could not be read leaves the charge unknown.
 */
export function submissionFailure(error: unknown): TaskFailure {
  // Raised before anything was sent (e.g. no key for the profile).
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const failure = error instanceof GatewayError ? error : null;
  if (failure?.status !== undefined && (failure.status < 200 || failure.status >= 300)) {
    return { code: failure.code, message: failure.message, requestId: failure.requestId ?? null };
  }
  const cause = failure ? `${failure.code}: ${failure.message}` : "the app failed while sending it";
  return {
    code: SUBMISSION_UNCONFIRMED,
    message: `No answer could be read for this submission (${cause}). The gateway may have received and charged it; the app did not send it again. ${CHECK_BEFORE_RETRY}`,
    requestId: failure?.requestId ?? null,
  };
}

/** A result the gateway made, and charged for, that the app could not keep. */
export function resultNotKept(error: unknown, remoteId: string | null): TaskFailure {
  const cause = error instanceof GatewayError ? `${error.code}: ${error.message}` : "the file could not be written";
  const where = remoteId
    ? `It may still be listed in the gateway's console under task ${remoteId}.`
    : "The app does not fetch the result of a synchronous request again; look for it in the gateway's console by its request id.";
  return {
    code: DOWNLOAD_FAILED,
    message: `The gateway made this result and has charged for it, but the app could not keep it (${cause}). ${where}`,
  };
}

/** A row with no task id to poll, left unfinished by a restart: only a synchronous image's download can be. */
export const RESULT_CUT_BY_RESTART: TaskFailure = {
  code: DOWNLOAD_FAILED,
  message:
    "The app closed while downloading this result. The gateway had already made it and charged for it, and gave no task id to fetch it by again; look for it in the gateway's console by its request id.",
};

/** A failed poll or download that ends the task; null when asking again later can still help. */
export function lastingPollFailure(error: unknown, remoteId: string | null): TaskFailure | null {
  if (!(error instanceof GatewayError)) return null;
  const download = error.code.startsWith("DOWNLOAD_");
  if (download && (LASTING_DOWNLOAD_CODES.includes(error.code) || error.status === 404 || error.status === 410))
    return resultNotKept(error, remoteId);
  if (!download && error.status === 404) return { code: error.code, message: error.message };
  return null;
}
