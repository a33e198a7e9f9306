import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_IMAGE_MAX_BYTES } from "../../electron/local-gateway/media/reference-image.ts";
import { encodePng } from "../../electron/local-gateway/media/png-codec.ts";
import { createRgbImage } from "../../electron/local-gateway/media/rgb-image.ts";
import { KEYS, startTestGateway, type TestGateway } from "../support/local-gateway.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

interface RawAnswer {
  readonly status: number;
  readonly body: { error?: { code?: string; message?: string } };
}

/** node:http sends the target byte for byte: `fetch` would decode or normalise it before it left. */
function rawGet(target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { port } = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path: target, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as RawAnswer["body"] }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("the key check runs on the route the router decodes", () => {
  it.each(["/%761/balance", "/%76%31/balance", "/v%31/balance/"])(
    "answers GET %s without a key with 401",
    async (target) => {
      const answer = await rawGet(target);
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe("UNAUTHORIZED");
    },
  );

  it("serves an escaped route to a request that carries the key", async () => {
    const answer = await rawGet("/%761/balance", { authorization: `Bearer ${KEYS.main.key}` });
    expect(answer.status).toBe(200);
  });

  it.each(["/%c0%ae", "/v1/%c0%ae", "/files/%c0%ae", "/%zz"])(
    "answers a malformed escape %s with 400 in the spec's error body",
    async (target) => {
      const answer = await rawGet(target);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.code).toBe("INVALID_PARAMS");
    },
  );
});

interface ImageServer {
  readonly url: string;
  /** Bytes written to the gateway before it hung up. */
  readonly sent: () => number;
  close(): Promise<void>;
}

/** Serves `body` chunked (no content-length), or, without a body, an endless stream of bytes. */
async function startImageServer(body?: Buffer): Promise<ImageServer> {
  let sent = 0;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "image/png" });
    if (body) {
      response.write(body.subarray(0, body.length >> 1));
      response.end(body.subarray(body.length >> 1));
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x89);
    const pump = () => {
      while (!response.destroyed && response.write(chunk)) sent += chunk.length;
      if (!response.destroyed) sent += chunk.length;
    };
    response.on("drain", pump);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/picture.png`,
    sent: () => sent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const submitVideo = (image: string) =>
  gateway.call("/v1/video/generations", { body: { model: "video-std", prompt: "a harbour", image } });

describe("the reference image download", () => {
  it("stops reading an image without content-length once it passes the cap", async () => {
    const server = await startImageServer();
    try {
      const answer = await submitVideo(server.url);
      expect(answer.status).toBe(400);
      const { error } = (await answer.json()) as RawAnswer["body"];
      expect(error?.message).toMatch(/image: the reference image is larger than 10 MB/);
      // Socket buffers may hold a few megabytes more; an uncapped read would take the whole stream.
      expect(server.sent()).toBeLessThan(REFERENCE_IMAGE_MAX_BYTES * 2);
    } finally {
      await server.close();
    }
  });

  it("answers a data: URL with a malformed escape with 400", async () => {
    const answer = await submitVideo("data:image/png,%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as RawAnswer["body"]).error?.message).toMatch(/malformed %-escape/);
  });

  it("still accepts a picture under the cap that arrives without content-length", async () => {
    const server = await startImageServer(encodePng(createRgbImage(32, 18)));
    try {
      expect((await submitVideo(server.url)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
