import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { appError } from "../app-error.ts";
import { toIpcError } from "../error-values.ts";
import { refusalAbout } from "./request-refusal.ts";

/** Answers by which servers refuse a request's content (OpenAI 400, some proxies 415 or 422). */
const REFUSING_STATUSES = [400, 415, 422];
/** How refusals of images are worded: "image_url is only supported by certain models", "does not support vision"… */
const ABOUT_IMAGES = /image|vision|multimodal|modalit/i;

/** Images sent to a model its server says (or said before) does not take them are refused before anything is written. */
export function refuseKnownImageRefusal(
  capabilities: ServerCapabilities,
  model: string,
  /** Asked only of a model known to refuse: it may read the whole conversation. */
  sendsImages: () => boolean,
): void {
  if (capabilities.imageInput?.[model] === "refuses" && sendsImages()) throw appError("IMAGES_NOT_ACCEPTED", { model });
}

/**
 * A server's refusal of a request that carried images, worded as being about images: the model does
 * not take them. Said plainly, with the server's own words kept as its cause.
 */
export function imageRefusalOf(caught: unknown, sentImages: boolean, model: string): IpcError | null {
  const refused = sentImages ? refusalAbout(caught, REFUSING_STATUSES, ABOUT_IMAGES) : null;
  if (!refused) return null;
  const refusal = toIpcError(appError("IMAGES_NOT_ACCEPTED", { model }));
  return { ...refusal, ...(refused.requestId ? { requestId: refused.requestId } : {}), status: refused.status };
}
