import { describe, expect, it } from "vitest";
import { codedText } from "../../../shared/text/app-texts.ts";
import { AppError } from "../../../electron/services/app-error.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import {
  isNotFound,
  lastingPollFailure,
  NOT_FOUND_LOOKS,
  remoteFailure,
  resultNotKept,
  submissionFailure,
} from "../../../electron/services/tasks/task-failures.ts";

const gatewayError = (status: number | undefined, code = "server_error", requestId?: string) =>
  new GatewayError({ code, message: `${code} said the server`, status, ...(requestId ? { requestId } : {}) });

describe("what ends a paid task", () => {
  it.each([500, 502, 503, 504, 429, 400, 401, 403])(
    "a poll answered %i fails no task: asking again later can help",
    (status) => {
      expect(lastingPollFailure(gatewayError(status), "remote-1")).toBeNull();
    },
  );

  it("a poll that got no answer fails no task", () => {
    expect(lastingPollFailure(gatewayError(undefined, "NETWORK_ERROR"), "remote-1")).toBeNull();
    expect(lastingPollFailure(new Error("socket hang up"), "remote-1")).toBeNull();
  });

  it(`a task not found ${NOT_FOUND_LOOKS} times in a row has ended, with the gateway's words; fewer times is not believed`, () => {
    const notFound = gatewayError(404, "task_not_found");
    expect(lastingPollFailure(notFound, "remote-1", NOT_FOUND_LOOKS - 1)).toBeNull();
    expect(lastingPollFailure(notFound, "remote-1")).toBeNull();
    expect(lastingPollFailure(notFound, "remote-1", NOT_FOUND_LOOKS)).toEqual({
      code: "task_not_found",
      message: "task_not_found said the server",
      text: null,
    });
  });

  it("a result the app may never keep (refused, too large, not media, gone) ends the task as not kept", () => {
    for (const code of ["DOWNLOAD_REFUSED", "DOWNLOAD_TOO_LARGE", "DOWNLOAD_NOT_MEDIA"]) {
      expect(lastingPollFailure(gatewayError(200, code), "remote-1")).toMatchObject({ code: "DOWNLOAD_FAILED" });
    }
    const gone = gatewayError(410, "DOWNLOAD_HTTP_ERROR");
    expect(lastingPollFailure(gone, "remote-1", 1)).toBeNull();
    expect(lastingPollFailure(gone, "remote-1", NOT_FOUND_LOOKS)).toMatchObject({ code: "DOWNLOAD_FAILED" });
    expect(lastingPollFailure(gatewayError(503, "DOWNLOAD_HTTP_ERROR"), "remote-1", NOT_FOUND_LOOKS)).toBeNull();
  });

  it("not found is a 404, or a 410 for a file only", () => {
    expect(isNotFound(gatewayError(404))).toBe(true);
    expect(isNotFound(gatewayError(410, "DOWNLOAD_HTTP_ERROR"))).toBe(true);
    expect(isNotFound(gatewayError(410, "gone"))).toBe(false);
    expect(isNotFound(gatewayError(400, "DOWNLOAD_HTTP_ERROR"))).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
  });
});

describe("what a submission's failure says", () => {
  it("a 502 or 504 may have been charged: unconfirmed, with its request id", () => {
    for (const status of [502, 504]) {
      const failure = submissionFailure(gatewayError(status, "bad_gateway", "req-1"));
      expect(failure).toMatchObject({ code: "SUBMISSION_UNCONFIRMED", requestId: "req-1" });
      expect(failure.text).toMatchObject({ code: "SUBMISSION_MAY_BE_CHARGED", params: { status } });
    }
  });

  it("an error answer is the gateway's refusal, in its own words", () => {
    expect(submissionFailure(gatewayError(400, "content_policy", "req-2"))).toEqual({
      code: "content_policy",
      message: "content_policy said the server",
      text: null,
      requestId: "req-2",
    });
    expect(submissionFailure(gatewayError(500, "server_error"))).toMatchObject({
      code: "server_error",
      requestId: null,
    });
  });

  it("no answer at all leaves the charge unknown", () => {
    const failure = submissionFailure(gatewayError(undefined, "NETWORK_ERROR"));
    expect(failure).toMatchObject({ code: "SUBMISSION_UNCONFIRMED", requestId: null });
    expect(failure.text).toMatchObject({
      code: "SUBMISSION_UNANSWERED",
      params: { cause: "NETWORK_ERROR: NETWORK_ERROR said the server" },
    });
    expect(submissionFailure(new Error("boom"))).toMatchObject({ code: "SUBMISSION_UNCONFIRMED", requestId: null });
  });

  it("an answer that could not be read (a 200 without a task) leaves the charge unknown too", () => {
    expect(submissionFailure(gatewayError(200, "INVALID_RESPONSE"))).toMatchObject({ code: "SUBMISSION_UNCONFIRMED" });
  });

  it("a refusal of the app's own, before anything was sent, is that refusal", () => {
    const refusal = new AppError("NO_KEY", codedText("SENDING_FAILED"));
    expect(submissionFailure(refusal)).toEqual({ code: "NO_KEY", message: refusal.message, text: refusal.text });
  });
});

describe("what the window is told of a failed task", () => {
  it("the gateway's own words when it gave some, else that it gave none", () => {
    expect(remoteFailure("quota", "over quota")).toEqual({ code: "quota", message: "over quota", text: null });
    expect(remoteFailure(null, "no code")).toMatchObject({ code: "upstream_error", text: null });
    expect(remoteFailure(null, null)).toMatchObject({ code: "upstream_error", text: { code: "TASK_FAILED" } });
  });

  it("a result not kept names the task when it has a remote id", () => {
    expect(resultNotKept(new Error("disk full"), "remote-9").text).toMatchObject({
      code: "RESULT_NOT_KEPT",
      params: { remoteId: "remote-9" },
    });
    expect(resultNotKept(new Error("disk full"), null).text).toMatchObject({ code: "SYNC_RESULT_NOT_KEPT" });
  });
});
