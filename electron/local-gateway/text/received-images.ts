import { createHash } from "node:crypto";
import { imageTypeOf, IMAGE_SIGNATURE_BYTES } from "../../../shared/attachment-types.ts";
import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import type { ModelConfig } from "../config.ts";
import { invalidParams } from "../http-error.ts";

/** The largest image a request may carry (as the messages-format ecosystem's 5 MB). */
const RECEIVED_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What one image adds to the prompt's tokens (a low-detail tile, as OpenAI counts it). */
export const IMAGE_PROMPT_TOKENS = 85;

export interface ReceivedImage {
  readonly mime: string;
  readonly bytes: number;
  readonly sha256: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function decodeImage(where: string, declared: string, data: string): ReceivedImage {
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) {
    throw invalidParams(`${where}: the image data is not valid base64.`);
  }
  if ((data.length / 4) * 3 > RECEIVED_IMAGE_MAX_BYTES + 2) {
    throw invalidParams(`${where}: the image is larger than ${RECEIVED_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const bytes = Buffer.from(data, "base64");
  const mime = imageTypeOf(bytes.subarray(0, IMAGE_SIGNATURE_BYTES));
  if (mime === null) throw invalidParams(`${where}: the data is not a PNG, JPEG, WebP or GIF image.`);
  if (mime !== declared.toLowerCase()) {
    throw invalidParams(`${where}: the image is declared as ${declared} but its bytes are ${mime}.`);
  }
  return { mime, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The images of a chat-completions request (`image_url` parts holding `data:` URLs), checked. */
export function chatCompletionImages(messages: ChatCompletionRequest["messages"]): ReceivedImage[] {
  return messages.flatMap((message, index) =>
    typeof message.content === "string" || !message.content
      ? []
      : message.content.flatMap((part, partIndex) => {
          if (part.type !== "image_url") return [];
          const where = `messages[${index}].content[${partIndex}].image_url.url`;
          const [, mime, data] = DATA_URL.exec(part.image_url.url) ?? [];
          if (mime === undefined || data === undefined)
            throw invalidParams(`${where}: only data: URLs with base64 image data are accepted.`);
          return [decodeImage(where, mime, data)];
        }),
  );
}

/** The images of a messages-format request (`image` blocks with a base64 source), checked. */
export function messagesImages(messages: MessagesRequest["messages"]): ReceivedImage[] {
  return messages.flatMap((message, index) =>
    typeof message.content === "string"
      ? []
      : message.content.flatMap((block, blockIndex) =>
          block.type === "image"
            ? [
                decodeImage(
                  `messages[${index}].content[${blockIndex}].source`,
                  block.source.media_type,
                  block.source.data,
                ),
              ]
            : [],
        ),
  );
}

/** Whether a model takes images: chat models do unless their config says otherwise. */
export const takesImages = (model: ModelConfig): boolean => model.imageInput ?? model.kind === "chat";

/** The reply's first line, so a client can check the bytes arrived: count, type, size and digest of each. */
export function describeImages(images: readonly ReceivedImage[]): string {
  const each = images.map((image) => `${image.mime}, ${image.bytes} bytes, sha256 ${image.sha256.slice(0, 16)}…`);
  return `I received ${images.length} image${images.length === 1 ? "" : "s"}: ${each.join("; ")}.`;
}
