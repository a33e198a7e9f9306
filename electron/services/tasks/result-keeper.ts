import type { LenientVideoTask } from "../gateway-client/lenient-task-schemas.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import type { MediaLibrary, NewMedia } from "../media/media-library.ts";
import { downloadResult, type ResultKind, type ResultSource } from "./result-download.ts";
import { imageParamsOf } from "./task-params.ts";
import type { TaskRow } from "./task-repository.ts";

type ImageItem = { readonly url?: string | undefined; readonly b64_json?: string | undefined };

/** Puts a finished task's files into the media library: every file of a result, or none of them. */
export class ResultKeeper {
  private readonly media: MediaLibrary;
  private readonly sourceFor: (profileId: string) => ResultSource;

  constructor(media: MediaLibrary, sourceFor: (profileId: string) => ResultSource) {
    this.media = media;
    this.sourceFor = sourceFor;
  }

  async keepImages(row: TaskRow, items: readonly ImageItem[], requestId: string | null): Promise<void> {
    const { size } = imageParamsOf(row);
    const kept: string[] = [];
    try {
      for (const item of items) {
        const media = {
          ...this.describe(row, "image", item.url ?? null, requestId),
          size: size ?? null,
          duration: null,
        };
        if (item.b64_json) kept.push(this.media.save({ ...media, bytes: Buffer.from(item.b64_json, "base64") }).id);
        else if (item.url) kept.push((await this.download(row, item.url, media)).id);
        else throw new GatewayError({ code: "INVALID_RESPONSE", text: codedText("IMAGE_WITHOUT_DATA") });
      }
    } catch (error) {
      for (const id of kept) this.media.delete(id);
      throw error;
    }
  }

  async keepVideo(row: TaskRow, task: LenientVideoTask): Promise<void> {
    if (!task.metadata) throw new GatewayError({ code: "INVALID_RESPONSE", text: codedText("VIDEO_WITHOUT_URL") });
    const { url, size, duration } = task.metadata;
    await this.download(row, url, { ...this.describe(row, "video", url, row.request_id), size, duration });
  }

  private download(row: TaskRow, url: string, media: Omit<NewMedia, "bytes">) {
    return this.media.saveFrom(media, (path) => downloadResult(url, path, media.kind, this.sourceFor(row.profile_id)));
  }

  private describe(row: TaskRow, kind: ResultKind, remoteUrl: string | null, requestId: string | null) {
    return {
      taskId: row.id,
      profileId: row.profile_id,
      kind,
      mime: kind === "image" ? "image/png" : "video/mp4",
      prompt: row.prompt,
      model: row.model,
      remoteUrl,
      requestId,
    };
  }
}
