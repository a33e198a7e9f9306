import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../support/local-gateway.ts";
import { describedImage, JPEG_BYTES, PNG_BASE64, PNG_BYTES } from "../../support/sample-files.ts";

let gateway: TestGateway;
let textOnly: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway();
  textOnly = await startTestGateway({
    models: [
      { code: "chat-fast", kind: "chat" },
      { code: "chat-text", kind: "chat", imageInput: false },
    ],
  });
});
afterAll(() => Promise.all([gateway.close(), textOnly.close()]));

const imageUrl = (url: string) => ({ type: "image_url", image_url: { url } });
const chatWith = (parts: unknown[], model = "chat-fast") => ({
  model,
  messages: [{ role: "user", content: [{ type: "text", text: "What is in this picture?" }, ...parts] }],
});
const imageBlock = (mediaType: string, data: string) => ({
  type: "image",
  source: { type: "base64", media_type: mediaType, data },
});

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

describe("images in chat requests", () => {
  it("a chat-completions image_url part with a data: URL arrives, and the reply says its type, size and digest", async () => {
    const response = await gateway.call("/v1/chat/completions", {
      body: chatWith([imageUrl(`data:image/png;base64,${PNG_BASE64}`)]),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    const content = body.choices[0]!.message.content;
    expect(content.startsWith(`I received 1 image: ${describedImage("image/png", PNG_BYTES)}.\n`)).toBe(true);
  });

  it("messages-format image blocks arrive, streamed too, each described", async () => {
    const response = await gateway.call("/v1/messages", {
      body: {
        model: "chat-fast",
        max_tokens: 200,
        stream: true,
        messages: [
          {
            role: "user",
            content: [
              imageBlock("image/png", PNG_BASE64),
              imageBlock("image/jpeg", JPEG_BYTES.toString("base64")),
              { type: "text", text: "Compare these." },
            ],
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    const text = [...(await response.text()).matchAll(/"text_delta","text":("(?:[^"\\]|\\.)*")/g)]
      .map((match) => JSON.parse(match[1]!) as string)
      .join("");
    expect(text).toContain(
      `I received 2 images: ${describedImage("image/png", PNG_BYTES)}; ${describedImage("image/jpeg", JPEG_BYTES)}.`,
    );
  });

  it.each([
    [
      "bad base64",
      [imageUrl("data:image/png;base64,iVBOR!!w0KGgo=")],
      /content\[1\]\.image_url\.url: the image data is not valid base64/,
    ],
    ["a link instead of data", [imageUrl("https://example.com/cat.png")], /only data: URLs with base64 image data/],
    [
      "bytes that are no image",
      [imageUrl(`data:image/png;base64,${Buffer.from("hello world!").toString("base64")}`)],
      /not a PNG, JPEG, WebP or GIF image/,
    ],
    [
      "a type its bytes belie",
      [imageUrl(`data:image/jpeg;base64,${PNG_BASE64}`)],
      /declared as image\/jpeg but its bytes are image\/png/,
    ],
  ])("%s is answered 400 with a clear message", async (_case, parts, message) => {
    const answer = await errorOf(await gateway.call("/v1/chat/completions", { body: chatWith(parts) }));
    expect(answer).toMatchObject({ status: 400, code: "INVALID_PARAMS" });
    expect(answer.message).toMatch(message);
  });

  it("bad base64 in a messages-format block is answered 400 naming the block", async () => {
    const answer = await errorOf(
      await gateway.call("/v1/messages", {
        body: {
          model: "chat-fast",
          max_tokens: 20,
          messages: [{ role: "user", content: [imageBlock("image/png", "%%%%")] }],
        },
      }),
    );
    expect(answer).toMatchObject({ status: 400, code: "INVALID_PARAMS" });
    expect(answer.message).toMatch(/messages\[0\]\.content\[0\]\.source: the image data is not valid base64/);
  });

  it("a model that takes no images says so in its list, and refuses them", async () => {
    const list = (await (await textOnly.call("/v1/models")).json()) as {
      data: { id: string; architecture?: { input_modalities: string[] } }[];
    };
    const modalities = Object.fromEntries(list.data.map((model) => [model.id, model.architecture?.input_modalities]));
    expect(modalities).toEqual({ "chat-fast": ["text", "image"], "chat-text": ["text"] });

    const refusal = await errorOf(
      await textOnly.call("/v1/chat/completions", {
        body: chatWith([imageUrl(`data:image/png;base64,${PNG_BASE64}`)], "chat-text"),
      }),
    );
    expect(refusal).toMatchObject({ status: 400, code: "INVALID_PARAMS" });
    expect(refusal.message).toMatch(/chat-text does not accept image input/);
  });
});
