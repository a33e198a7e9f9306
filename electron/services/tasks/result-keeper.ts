import type { LenientVideoTask } from "../gateway-client/lenient-task-schemas.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import type { MediaLibrary, NewMedia } from "../media/media-library.ts";
import { downloadResult, RESULT_SIZE_CAPS, tooLarge, type ResultKind, type ResultSource } from "./result-download.ts";
import { KEPT_RESULT_TYPES, SIGNATURE_BYTES, resultTypeOf } from "../media/media-signature.ts";
import { imageParamsOf } from "./task-params.ts";
import type { TaskRow } from "./task-table.ts";

type ImageItem = { readonly url?: string | undefined; readonly b64_json?: string | undefined };

/** Puts a finished task's files into the media library: every file of a result, or none of them. */
export class ResultKeeper {
  private readonly media: MediaLibrary;
  private readonly sourceFor: (profileId: string) => ResultSource;

  constructor(media: MediaLibrary, sourceFor: (profileId: string) => ResultSource) {
    this.media = media;
    this.sourceFor = sourceFor;
  }

  /**
   * Keeps the pictures of an image task's answer, as many as were asked for: an answer listing more
   * (thousands, from a faulty or hostile server) would fill the gallery and the disk. Pictures an
   * earlier attempt kept from the same addresses stay (a restart or a failed download resumes the
   * rest); what it kept otherwise is kept anew. A failure keeps what was kept, for the next attempt.
   * Returns how many results of the answer it left out.
   */
  async keepImages(row: TaskRow, items: readonly ImageItem[], requestId: string | null): Promise<number> {
    const { size, n } = imageParamsOf(row);
    const wanted = items.slice(0, n);
    const earlier = this.earlierByAddress(row, wanted);
    for (const item of wanted) {
      const media = { ...this.describe(row, "image", item.url ?? null, requestId), size: size ?? null, duration: null };
      const kept = item.url ? earlier.get(item.url) : undefined;
      if (kept?.length) kept.pop();
      else if (item.b64_json) this.media.save(inlineImage(media, item.b64_json));
      else if (item.url) await this.download(row, item.url, media);
      else throw new GatewayError({ code: "INVALID_RESPONSE", text: codedText("IMAGE_WITHOUT_DATA") });
    }
    return Math.max(0, items.length - n);
  }

  async keepVideo(row: TaskRow, task: LenientVideoTask): Promise<void> {
    if (!task.metadata) throw new GatewayError({ code: "INVALID_RESPONSE", text: codedText("VIDEO_WITHOUT_URL") });
    const { url, size, duration } = task.metadata;
    this.dropEarlierAttempt(row);
    await this.download(row, url, { ...this.describe(row, "video", url, row.request_id), size, duration });
  }

  /**
   * Files an earlier attempt at this result kept before the app was killed: the result is kept
   * anew, whole, so no result index is ever kept twice.
   */
  private dropEarlierAttempt(row: TaskRow): void {
    for (const id of this.media.idsForTask(row.id)) this.media.delete(id);
  }

  /**
   * The pictures an earlier attempt kept from the addresses still wanted, by address; any other it
   * kept (inline, or from an address no longer listed) is dropped, to be kept anew.
   */
  private earlierByAddress(row: TaskRow, wanted: readonly ImageItem[]): Map<string, string[]> {
    const addresses = new Set(wanted.map((item) => item.url));
    const byAddress = new Map<string, string[]>();
    for (const { id, remoteUrl } of this.media.keptForTask(row.id)) {
      if (remoteUrl === null || !addresses.has(remoteUrl)) this.media.delete(id);
      else byAddress.set(remoteUrl, [...(byAddress.get(remoteUrl) ?? []), id]);
    }
    return byAddress;
  }

  private download(row: TaskRow, url: string, media: Omit<NewMedia, "bytes" | "mime">) {
    return this.media.saveFrom(media, (path) => downloadResult(url, path, media.kind, this.sourceFor(row.profile_id)));
  }

  private describe(row: TaskRow, kind: ResultKind, remoteUrl: string | null, requestId: string | null) {
    return {
      taskId: row.id,
      profileId: row.profile_id,
      kind,
      prompt: row.prompt,
      model: row.model,
      remoteUrl,
      requestId,
    };
  }
}

/** An image sent inline (`b64_json`), kept only within the image cap and when it is a kept type. */
function inlineImage(media: Omit<NewMedia, "bytes" | "mime">, base64: string): NewMedia {
  // Measured before decoding too: base64 grows by a third, so its length bounds the bytes.
  if (Math.floor((base64.length * 3) / 4) > RESULT_SIZE_CAPS.image + 2) throw tooLarge(RESULT_SIZE_CAPS.image);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.byteLength > RESULT_SIZE_CAPS.image) throw tooLarge(RESULT_SIZE_CAPS.image);
  const mime = resultTypeOf(bytes.subarray(0, SIGNATURE_BYTES), "image");
  if (!mime) {
    throw new GatewayError({
      code: "DOWNLOAD_NOT_MEDIA",
      text: codedText("IMAGE_NOT_MEDIA", { kinds: KEPT_RESULT_TYPES }),
    });
  }
  return { ...media, bytes, mime };
}
