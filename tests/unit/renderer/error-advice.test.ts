import { describe, expect, it } from "vitest";
import { adviceKey } from "../../../renderer/src/components/error-advice.ts";
import { en } from "../../../renderer/src/i18n/en.ts";

const hints = en.error.hint as Record<string, string>;
const advice = (error: Parameters<typeof adviceKey>[0]) => hints[adviceKey(error).replace("error.hint.", "")]!;

describe("the advice under an error", () => {
  it("asks to retry only where retrying can help", () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504]) {
      expect(advice({ code: `HTTP_${status}`, message: "x", status })).toMatch(/try again/i);
    }
    for (const status of [400, 401, 403, 404, 413, 422]) {
      expect(advice({ code: `HTTP_${status}`, message: "x", status })).not.toMatch(/try again/i);
    }
  });

  it("fits the cause: the key for 401/403, the model for 404, the size for 413", () => {
    expect(advice({ code: "invalid_api_key", message: "x", status: 401 })).toMatch(/key/);
    expect(advice({ code: "permission_error", message: "x", status: 403 })).toMatch(/key/);
    expect(advice({ code: "model_not_found", message: "x", status: 404 })).toMatch(/model/);
    expect(advice({ code: "MODEL_NOT_FOUND", message: "x", status: 404 })).toMatch(/another model/);
    expect(advice({ code: "request_too_large", message: "x", status: 413 })).toMatch(/Shorten/);
  });

  it("suggests quoting the request id only when there is one", () => {
    expect(advice({ code: "HTTP_502", message: "x", status: 502 })).not.toMatch(/request ID/);
    expect(advice({ code: "HTTP_502", message: "x", status: 502, requestId: "req_1" })).toMatch(/request ID/);
    expect(advice({ code: "SOMETHING", message: "x" })).not.toMatch(/request ID/);
  });

  it("a refused image or file says what to change, never to retry", () => {
    expect(adviceKey({ code: "IMAGES_NOT_ACCEPTED", message: "x", status: 400 })).toBe(
      "attachments.hint.imagesNotAccepted",
    );
    expect(en.attachments.hint.imagesNotAccepted).toMatch(/model that takes images/);
    expect(adviceKey({ code: "ATTACHMENT_TYPE", message: "x" })).toBe("attachments.hint.file");
  });
});
