import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../electron/services/app-services.ts";
import {
  MAX_REDIRECTS,
  RESULT_SIZE_CAPS,
  downloadResult,
  type ResultKind,
} from "../../electron/services/tasks/result-download.ts";
import { ImageResultSchema } from "../../shared/gateway-api/images.ts";
import { TaskRecordSchema } from "../../shared/gateway-api/tasks.ts";
import { VideoTaskSchema } from "../../shared/gateway-api/video.ts";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { startServices } from "../support/services-fixture.ts";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../support/local-gateway.ts";
import { startRecordingServer, type RecordingServer } from "../support/recording-server.ts";

const MEBIBYTE = 1024 * 1024;
const PNG_BYTES = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let attacker: RecordingServer;
/** The attacker on another host name: the profile's own host (127.0.0.1) is trusted on any port. */
const elsewhere = () => attacker.url.replace("127.0.0.1", "localhost");

/** The profile's own origin in the downloader's tests: serves a file, redirects, and bodies too large. */
interface OwnServer {
  readonly url: string;
  readonly headers: IncomingHttpHeaders[];
  /** Bytes the endless answer had written when the client stopped reading. */
  streamed: number;
  server: Server;
}
let own: OwnServer;

function streamUntilStopped(response: ServerResponse): void {
  const chunk = Buffer.alloc(MEBIBYTE, 7);
  response.writeHead(200, { "content-type": "image/png" });
  const pump = () => {
    // Stops by itself far beyond every cap, so a downloader without one fails the test instead of hanging.
    while (!response.destroyed && own.streamed < 400 * MEBIBYTE) {
      own.streamed += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    response.end();
  };
  pump();
}

async function startOwnServer(): Promise<OwnServer> {
  const state = { headers: [] as IncomingHttpHeaders[], streamed: 0 } as OwnServer;
  state.server = createServer((request, response) => {
    state.headers.push(request.headers);
    const path = request.url ?? "/";
    if (path === "/result.png") return void response.writeHead(200, { "content-type": "image/png" }).end(PNG_BYTES);
    if (path === "/to-attacker") return void response.writeHead(307, { location: `${elsewhere()}/stolen.png` }).end();
    if (path.startsWith("/hop/")) return void response.writeHead(302, { location: `/hop/${path.length}` }).end();
    if (path === "/declared-too-large") {
      response.writeHead(200, { "content-type": "image/png", "content-length": String(60 * MEBIBYTE) });
      return void response.write(PNG_BYTES);
    }
    if (path === "/declared-too-large-video") {
      response.writeHead(200, { "content-type": "video/mp4", "content-length": String(201 * MEBIBYTE) });
      return void response.write(PNG_BYTES);
    }
    if (path === "/endless") return streamUntilStopped(response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, { url: `http://127.0.0.1:${(state.server.address() as AddressInfo).port}` });
}

beforeAll(async () => {
  attacker = await startRecordingServer();
  own = await startOwnServer();
});
afterAll(async () => {
  own.server.closeAllConnections();
  await new Promise((resolve) => own.server.close(resolve));
  await attacker.close();
});

describe("the result downloader", () => {
  const folder = tempDir("media-");
  const download = (address: string, kind: ResultKind = "image") =>
    downloadResult(address, join(folder, `${kind}-${Math.random()}.bin`), kind, {
      fetch,
      profileBaseUrl: `${own.url}/v1`,
    }).then(
      () => null,
      (error: unknown) => error,
    );

  it.each([
    ["file:///etc/passwd"],
    ["ftp://127.0.0.1/result.png"],
    ["data:image/png;base64,iVBORw0KGgo="],
    ["media://local/some-id"],
    ["not a url"],
  ])("refuses %s, writing nothing", async (address) => {
    expect(await download(address)).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses plain http on another host, and that host receives nothing", async () => {
    expect(await download(`${elsewhere()}/result.png`)).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect(attacker.requests).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses a redirect from the profile's own origin to plain http elsewhere, without following it", async () => {
    const refusal = await download(`${own.url}/to-attacker`);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect((refusal as Error).message).toContain(`${elsewhere()}/stolen.png`);
    expect(attacker.requests).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    expect(await download(`${own.url}/hop/0`)).toMatchObject({ code: "DOWNLOAD_FAILED" });
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses a body whose declared length passes the cap (50 MB image, 200 MB video)", async () => {
    expect(await download(`${own.url}/declared-too-large`)).toMatchObject({ code: "DOWNLOAD_TOO_LARGE" });
    expect(await download(`${own.url}/declared-too-large-video`, "video")).toMatchObject({
      code: "DOWNLOAD_TOO_LARGE",
    });
    expect(readdirSync(folder)).toEqual([]);
  });

  it("stops a chunked body without a length at the cap while it streams, and removes the partial file", async () => {
    expect(await download(`${own.url}/endless`)).toMatchObject({ code: "DOWNLOAD_TOO_LARGE" });
    expect(readdirSync(folder)).toEqual([]);
    expect(own.streamed).toBeGreaterThan(RESULT_SIZE_CAPS.image);
    expect(own.streamed).toBeLessThan(RESULT_SIZE_CAPS.image + 32 * MEBIBYTE);
  });

  it("keeps a result from the profile's own origin, sending no credential with it", async () => {
    const file = join(tempDir("media-"), "kept.png");
    await downloadResult(`${own.url}/result.png`, file, "image", { fetch, profileBaseUrl: own.url });
    expect(readFileSync(file)).toEqual(PNG_BYTES);
    const sent = own.headers.at(-1)!;
    expect([sent.authorization, sent["x-api-key"], sent.cookie]).toEqual([undefined, undefined, undefined]);
  });
});

describe("result URLs in gateway answers", () => {
  const record = (url: string) => ({
    id: "task_1",
    status: "completed",
    created_at: "2025-01-01T00:00:00Z",
    result: { created: 1, data: [{ url, revised_prompt: "x" }] },
  });
  const video = (url: string) => ({
    task_id: "task_1",
    status: "completed",
    progress: 100,
    metadata: { url, duration: 5, size: "1280x720" },
  });
  const image = (url: string) => ({ created: 1, data: [{ url }] });

  it.each(["file:///etc/passwd", "ftp://example.com/a.png", "javascript:alert(1)", "/files/a.png", "data:,x"])(
    "are refused when they are %s",
    (url) => {
      expect(TaskRecordSchema.safeParse(record(url)).success).toBe(false);
      expect(VideoTaskSchema.safeParse(video(url)).success).toBe(false);
      expect(ImageResultSchema.safeParse(image(url)).success).toBe(false);
    },
  );

  it.each(["https://cdn.example.com/a.png", "http://127.0.0.1:8080/files/a.png"])("are read when %s", (url) => {
    expect(TaskRecordSchema.safeParse(record(url)).success).toBe(true);
    expect(VideoTaskSchema.safeParse(video(url)).success).toBe(true);
    expect(ImageResultSchema.safeParse(image(url)).success).toBe(true);
  });
});

describe("the app, when the gateway points its results elsewhere", () => {
  let gateway: TestGateway;
  let proxy: FaultProxy;
  let app: AppServices;
  let dataDir: string;
  const mediaFiles = () => readdirSync(join(dataDir, "media"));
  const image = (model: string) => ({
    model,
    prompt: "a harbour",
    n: 1,
    size: "64x64",
    responseFormat: "url" as const,
    async: false,
  });
  const taskOf = (id: string): TaskView => app.tasks.list(app.vault.resolveId()).find((task) => task.id === id)!;
  const lastTask = (): TaskView => app.tasks.list(app.vault.resolveId())[0]!;

  beforeAll(async () => {
    gateway = await startTestGateway({ timeScale: 0 });
    proxy = await startFaultProxy(gateway.url);
    dataDir = tempDir("app-");
    mkdirSync(join(dataDir, "media"), { recursive: true });
    app = await startServices(proxy.url, KEYS.main.key, dataDir, {
      pollTiming: { imageBaseMs: 100, videoBaseMs: 100, growth: 1.5, maxIntervalMs: 400, maxWaitMs: 60_000 },
    });
  });
  afterAll(async () => {
    await app.close();
    await proxy.close();
    await gateway.close();
  });

  it("keeps a result from the profile's own origin (the proxy, over plain http on loopback)", async () => {
    proxy.editAnswers(null);
    const task = await app.tasks.generateImage(app.vault.resolveId(), image("image-fast"));
    expect(task.status).toBe("completed");
    for (const id of task.mediaIds) app.media.delete(id);
    expect(mediaFiles()).toEqual([]);
  });

  it("a synchronous image pointing at plain http on another host: refused, nothing kept or sent, failed as charged", async () => {
    proxy.editAnswers((body) => body.replaceAll(`${proxy.url}/files/`, `${elsewhere()}/files/`));
    const refusal = await app.tasks.generateImage(app.vault.resolveId(), image("image-fast")).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_FAILED" });
    expect(lastTask()).toMatchObject({ status: "failed", errorCode: "DOWNLOAD_FAILED" });
    expect(lastTask().errorMessage).toMatch(
      /DOWNLOAD_REFUSED.*has charged for it|has charged for it.*DOWNLOAD_REFUSED/,
    );
    expect(attacker.requests).toEqual([]);
    expect(mediaFiles()).toEqual([]);
  });

  it("an image task whose result points at plain http on another host ends failed instead of being fetched", async () => {
    proxy.editAnswers((body) => body.replaceAll(`${proxy.url}/files/`, `${elsewhere()}/files/`));
    const task = await app.tasks.generateImage(app.vault.resolveId(), { ...image("image-pro"), async: true });
    const failed = await waitUntil(
      async () => taskOf(task.id),
      (current) => current.status === "failed",
    );
    expect(failed).toMatchObject({ errorCode: "DOWNLOAD_FAILED" });
    expect(failed.errorMessage).toContain(`under task ${task.remoteId}`);
    expect(attacker.requests).toEqual([]);
    expect(mediaFiles()).toEqual([]);
  });

  it("a synchronous image whose download fails ends failed with DOWNLOAD_FAILED, not Processing 99 %", async () => {
    proxy.editAnswers((body) => body.replace(/\/files\/[\w.]+/g, "/files/gone.png"));
    const refusal = await app.tasks.generateImage(app.vault.resolveId(), image("image-fast")).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_FAILED" });
    const task = lastTask();
    expect(task).toMatchObject({ status: "failed", errorCode: "DOWNLOAD_FAILED" });
    expect(task.requestId).toMatch(/^req_/);
    expect(task.errorMessage).toMatch(/HTTP 404.*has charged for it|has charged for it.*HTTP 404/);
    expect(mediaFiles()).toEqual([]);
  });

  it("a file: URL in an answer is never read: the answer is refused and nothing is written", async () => {
    proxy.editAnswers((body) => body.replace(/"url":"[^"]+"/g, '"url":"file:///etc/passwd"'));
    const refusal = await app.tasks.generateImage(app.vault.resolveId(), image("image-fast")).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: "SUBMISSION_UNCONFIRMED" });
    expect(lastTask().errorMessage).toMatch(/INVALID_RESPONSE.*http\(s\) URL/);
    expect(mediaFiles()).toEqual([]);
  });
});
