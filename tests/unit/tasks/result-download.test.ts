import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ResultFetch } from "../../../electron/services/tasks/result-fetch.ts";
import { lastingPollFailure } from "../../../electron/services/tasks/task-failures.ts";
import {
  MAX_REDIRECTS,
  RESULT_SIZE_CAPS,
  downloadResult,
  type ResultKind,
  type ResultSource,
} from "../../../electron/services/tasks/result-download.ts";
import { tempDir } from "../../support/local-gateway.ts";

const MEBIBYTE = 1024 * 1024;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
const MP4 = Uint8Array.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 0, 0]);
const OWN = "http://gateway.lan:8080";

afterEach(() => {
  vi.restoreAllMocks();
});

interface Sent {
  readonly url: string;
  readonly init: Parameters<ResultFetch>[1];
  readonly privateAllowed: boolean;
}

/** A transport that answers each address from `answers` (a function of the URL), recording what was asked. */
function transport(answer: (url: URL) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch: ResultFetch = async (url, init, { privateAllowed }) => {
    sent.push({ url: url.href, init, privateAllowed });
    return answer(url);
  };
  return { sent, fetch };
}

/** A body that yields `chunks`, noting whether the reader cancelled it. */
function body(chunks: readonly Uint8Array[]) {
  const state = { cancelled: false };
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const image = (headers: Record<string, string> = { "content-type": "image/png" }) => new Response(PNG, { headers });

async function download(
  address: string,
  fetch: ResultFetch,
  { kind = "image", source = {} }: { kind?: ResultKind; source?: Partial<ResultSource> } = {},
) {
  const file = join(tempDir("result-download-"), "result.bin");
  const outcome = await downloadResult(address, file, kind, { fetch, profileBaseUrl: `${OWN}/v1`, ...source }).then(
    (mime) => ({ mime, error: null }),
    (error: unknown) => ({ mime: null, error: error as { code?: string; text?: { code: string; params: object } } }),
  );
  return { ...outcome, file, kept: existsSync(file) };
}

describe("where a result is read from", () => {
  it("reads the profile's own host on any port over plain http, as a trusted (private) address, sending no credential", async () => {
    const { sent, fetch } = transport(() => image());
    const { mime, kept } = await download("http://gateway.lan:9999/files/a.png", fetch);
    expect({ mime, kept }).toEqual({ mime: "image/png", kept: true });
    expect(sent).toEqual([
      {
        url: "http://gateway.lan:9999/files/a.png",
        init: { redirect: "manual", credentials: "omit", signal: expect.any(AbortSignal) },
        privateAllowed: true,
      },
    ]);
  });

  it("trusts the profile's own host exactly: a look-alike host (a suffix, a prefix, a subdomain) is a stranger", async () => {
    const { sent, fetch } = transport(() => image());
    for (const host of ["evilgateway.lan", "gateway.lan.evil.example", "files.gateway.lan", "gateway.la"]) {
      expect((await download(`http://${host}/a.png`, fetch)).error).toMatchObject({ code: "DOWNLOAD_REFUSED" });
      // Over https it is read, but as any stranger: never at a private address.
      await download(`https://${host}/a.png`, fetch);
    }
    expect(sent.map(({ privateAllowed }) => privateAllowed)).toEqual([false, false, false, false]);
  });

  it("reads https elsewhere at public addresses only", async () => {
    const { sent, fetch } = transport(() => image());
    await download("https://cdn.example.com/a.png", fetch);
    expect(sent.map(({ privateAllowed }) => privateAllowed)).toEqual([false]);
  });

  it("trusts a Result origin exactly: its port, not another", async () => {
    const { sent, fetch } = transport(() => image());
    const source = { resultOrigins: ["http://files.lan:7000"] };
    expect((await download("http://files.lan:7000/a.png", fetch, { source })).mime).toBe("image/png");
    expect(sent.map(({ privateAllowed }) => privateAllowed)).toEqual([true]);
    const refused = await download("http://files.lan:7001/a.png", fetch, { source });
    expect(refused.error).toMatchObject({ code: "DOWNLOAD_REFUSED", text: { code: "DOWNLOAD_REFUSED" } });
    expect(sent).toHaveLength(1);
  });

  it("refuses plain http elsewhere, naming the one host that may be read over http", async () => {
    const { sent, fetch } = transport(() => image());
    const { error, kept } = await download("http://cdn.example.com/a.png", fetch);
    expect(error).toMatchObject({ code: "DOWNLOAD_REFUSED", text: { params: { host: "gateway.lan" } } });
    expect({ kept, sent }).toEqual({ kept: false, sent: [] });
  });

  it("says only https is read when the profile's own address is no web address", async () => {
    const { fetch } = transport(() => image());
    const { error } = await download("http://cdn.example.com/a.png", fetch, { source: { profileBaseUrl: "nonsense" } });
    expect(error).toMatchObject({
      code: "DOWNLOAD_REFUSED",
      text: { code: "DOWNLOAD_REFUSED_NOT_HTTPS", params: { address: "http://cdn.example.com/a.png" } },
    });
    const ftp = await download("http://gateway.lan/a.png", fetch, { source: { profileBaseUrl: "ftp://gateway.lan" } });
    expect(ftp.error).toMatchObject({ code: "DOWNLOAD_REFUSED", text: { code: "DOWNLOAD_REFUSED_NOT_HTTPS" } });
  });

  it("trusts the host of an https profile over plain http too", async () => {
    const { sent, fetch } = transport(() => image());
    const source = { profileBaseUrl: "https://gateway.lan/v1" };
    expect((await download("http://gateway.lan:8000/a.png", fetch, { source })).mime).toBe("image/png");
    expect(sent.map(({ privateAllowed }) => privateAllowed)).toEqual([true]);
  });
});

describe("redirects", () => {
  const hops = (count: number) =>
    transport((url) => {
      const hop = Number(url.searchParams.get("hop") ?? 0);
      return hop < count ? new Response(null, { status: 302, headers: { location: `/next?hop=${hop + 1}` } }) : image();
    });

  it(`follows up to ${MAX_REDIRECTS}, each against the address that sent it`, async () => {
    const { sent, fetch } = hops(MAX_REDIRECTS);
    expect((await download(`${OWN}/start`, fetch)).mime).toBe("image/png");
    expect(sent.at(-1)?.url).toBe(`${OWN}/next?hop=${MAX_REDIRECTS}`);
  });

  it(`gives up on the ${MAX_REDIRECTS + 1}th`, async () => {
    const { fetch } = hops(MAX_REDIRECTS + 1);
    const { error } = await download(`${OWN}/start`, fetch);
    expect(error).toMatchObject({
      code: "DOWNLOAD_FAILED",
      text: { code: "DOWNLOAD_TOO_MANY_REDIRECTS", params: { count: MAX_REDIRECTS } },
    });
  });

  it("takes every 3xx as a redirect (300 to 399), and a 3xx without Location as a failure", async () => {
    const { sent, fetch } = transport((url) =>
      url.pathname === "/300"
        ? new Response(null, { status: 300, headers: { location: "/399" } })
        : url.pathname === "/399"
          ? new Response(null, { status: 399, headers: { location: "/done" } })
          : image(),
    );
    expect((await download(`${OWN}/300`, fetch)).mime).toBe("image/png");
    expect(sent.map(({ url }) => new URL(url).pathname)).toEqual(["/300", "/399", "/done"]);
    const bare = transport(() => new Response(null, { status: 301 }));
    expect((await download(`${OWN}/a`, bare.fetch)).error).toMatchObject({
      code: "DOWNLOAD_FAILED",
      text: { code: "DOWNLOAD_NO_LOCATION", params: { status: 301 } },
    });
  });

  it("checks where a redirect points before following it", async () => {
    const { sent, fetch } = transport(
      () => new Response(null, { status: 307, headers: { location: "file:///etc/passwd" } }),
    );
    expect((await download(`${OWN}/a`, fetch)).error).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect(sent).toHaveLength(1);
  });
});

describe("what is kept", () => {
  it("fails an error answer with its status, reading none of it", async () => {
    const failing = body([PNG]);
    const { fetch } = transport(() => new Response(failing.stream, { status: 404 }));
    const { error, kept } = await download(`${OWN}/a`, fetch);
    expect(error).toMatchObject({ code: "DOWNLOAD_FAILED", status: 404, text: { code: "DOWNLOAD_HTTP" } });
    expect(kept).toBe(false);
    expect(failing.state.cancelled).toBe(true);
    const empty = transport(() => new Response(null, { status: 404 }));
    expect((await download(`${OWN}/a`, empty.fetch)).error).toMatchObject({ text: { code: "DOWNLOAD_HTTP" } });
  });

  it("takes a 400 as an error answer, not a redirect", async () => {
    const { fetch } = transport(() => new Response(null, { status: 400, headers: { location: "/elsewhere" } }));
    expect((await download(`${OWN}/a`, fetch)).error).toMatchObject({
      status: 400,
      text: { code: "DOWNLOAD_HTTP", params: { status: 400 } },
    });
  });

  it("refuses an answer whose Content-Type is no media type, without reading it", async () => {
    const page = body([Buffer.from("<html>")]);
    const { fetch } = transport(() => new Response(page.stream, { headers: { "content-type": "text/html" } }));
    const { error, kept } = await download(`${OWN}/a`, fetch);
    expect(error).toMatchObject({
      code: "DOWNLOAD_NOT_MEDIA",
      text: { code: "DOWNLOAD_NOT_MEDIA", params: { type: "text/html" } },
    });
    expect(kept).toBe(false);
    expect(page.state.cancelled).toBe(true);
    const empty = transport(() => new Response(null, { headers: { "content-type": "text/html" } }));
    expect((await download(`${OWN}/a`, empty.fetch)).error).toMatchObject({ code: "DOWNLOAD_NOT_MEDIA" });
  });

  it("keeps a file whose answer names no type when its first bytes are a kept type's", async () => {
    const { fetch } = transport(() => new Response(PNG));
    expect((await download(`${OWN}/a`, fetch)).mime).toBe("image/png");
  });

  it("refuses a file whose first bytes are no kept type's, whatever its Content-Type, and removes it", async () => {
    const { fetch } = transport(
      () => new Response("<html>Sign in</html>", { headers: { "content-type": "image/png" } }),
    );
    const { error, kept } = await download(`${OWN}/a`, fetch);
    expect(error).toMatchObject({ code: "DOWNLOAD_NOT_MEDIA", text: { params: { type: "image/png" } } });
    expect(kept).toBe(false);
    const untyped = transport(() => new Response(Buffer.from("<html>Sign in</html>")));
    expect((await download(`${OWN}/a`, untyped.fetch)).error).toMatchObject({
      code: "DOWNLOAD_NOT_MEDIA",
      text: { params: { type: "?" } },
    });
  });

  it("tells the type from first bytes that arrive split over several chunks, and keeps every byte", async () => {
    const rest = Buffer.alloc(1000, 7);
    const chunks = [MP4.subarray(0, 3), MP4.subarray(3, 5), MP4.subarray(5), rest];
    const { fetch } = transport(() => new Response(body(chunks).stream, { headers: { "content-type": "video/mp4" } }));
    const { mime, file } = await download(`${OWN}/a`, fetch, { kind: "video" });
    expect(mime).toBe("video/mp4");
    expect(readFileSync(file)).toEqual(Buffer.concat([MP4, rest]));
  });

  it("keeps a file for its owner only (0600)", async () => {
    const { fetch } = transport(() => image());
    const { file } = await download(`${OWN}/a`, fetch);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("fails an answer without a body", async () => {
    const { fetch } = transport(() => new Response(null, { headers: { "content-type": "image/png" } }));
    expect((await download(`${OWN}/a`, fetch)).error).toMatchObject({
      code: "DOWNLOAD_FAILED",
      text: { code: "DOWNLOAD_NO_BODY" },
    });
  });
});

describe("the size cap", () => {
  const sized = (length: number, declared?: number) => {
    const chunk = Buffer.alloc(MEBIBYTE, 7);
    chunk.set(PNG);
    const chunks: Uint8Array[] = [];
    for (let left = length; left > 0; left -= MEBIBYTE) chunks.push(chunk.subarray(0, Math.min(MEBIBYTE, left)));
    const streamed = body(chunks);
    const headers: Record<string, string> = { "content-type": "image/png" };
    if (declared !== undefined) headers["content-length"] = String(declared);
    return { streamed, fetch: transport(() => new Response(streamed.stream, { headers })).fetch };
  };

  it("keeps an image of exactly 50 MB, streamed without a length", async () => {
    const { fetch } = sized(RESULT_SIZE_CAPS.image);
    const { mime, file } = await download(`${OWN}/a`, fetch);
    expect(mime).toBe("image/png");
    expect(statSync(file).size).toBe(RESULT_SIZE_CAPS.image);
  });

  it("stops an image over 50 MB while it streams, cancels the rest and removes the file", async () => {
    const { fetch, streamed } = sized(RESULT_SIZE_CAPS.image + 2 * MEBIBYTE);
    const { error, kept } = await download(`${OWN}/a`, fetch);
    expect(error).toMatchObject({
      code: "DOWNLOAD_TOO_LARGE",
      text: { code: "DOWNLOAD_TOO_LARGE", params: { megabytes: 50 } },
    });
    expect(kept).toBe(false);
    expect(streamed.state.cancelled).toBe(true);
  });

  it("refuses a declared length over the cap before reading, and takes one at the cap", async () => {
    const over = sized(PNG.length, RESULT_SIZE_CAPS.image + 1);
    expect((await download(`${OWN}/a`, over.fetch)).error).toMatchObject({ code: "DOWNLOAD_TOO_LARGE" });
    expect(over.streamed.state.cancelled).toBe(true);
    const bodiless = transport(
      () => new Response(null, { headers: { "content-type": "image/png", "content-length": String(60 * MEBIBYTE) } }),
    );
    expect((await download(`${OWN}/a`, bodiless.fetch)).error).toMatchObject({ code: "DOWNLOAD_TOO_LARGE" });
    const at = sized(PNG.length, RESULT_SIZE_CAPS.image);
    expect((await download(`${OWN}/a`, at.fetch)).mime).toBe("image/png");
  });

  it("lets a video be larger than an image (200 MB)", async () => {
    const { fetch } = transport(
      () => new Response(MP4, { headers: { "content-type": "video/mp4", "content-length": String(200 * MEBIBYTE) } }),
    );
    expect((await download(`${OWN}/a`, fetch, { kind: "video" })).mime).toBe("video/mp4");
    const over = transport(
      () =>
        new Response(MP4, { headers: { "content-type": "video/mp4", "content-length": String(200 * MEBIBYTE + 1) } }),
    );
    expect((await download(`${OWN}/a`, over.fetch, { kind: "video" })).error).toMatchObject({
      code: "DOWNLOAD_TOO_LARGE",
      text: { params: { megabytes: 200 } },
    });
  });
});

describe("a download that fails midway", () => {
  it("removes what it wrote and says the network's reason", async () => {
    let sentHead = false;
    const cut = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentHead) return controller.error(new TypeError("terminated", { cause: new Error("other side closed") }));
        sentHead = true;
        controller.enqueue(PNG);
      },
    });
    const { fetch } = transport(() => new Response(cut, { headers: { "content-type": "image/png" } }));
    const { error, kept } = await download(`${OWN}/a`, fetch);
    expect(error).toMatchObject({
      code: "DOWNLOAD_FAILED",
      text: { code: "DOWNLOAD_FAILED", params: { reason: "other side closed" } },
    });
    expect(kept).toBe(false);
  });

  it("says the error's own message when it has no cause, and what was thrown when it is no error", async () => {
    const plain = transport(() => Promise.reject(new Error("connection refused")));
    expect((await download(`${OWN}/a`, plain.fetch)).error).toMatchObject({
      text: { params: { reason: "connection refused" } },
    });
    const odd = transport(() => Promise.reject("socket hang up" as unknown as Error));
    expect((await download(`${OWN}/a`, odd.fetch)).error).toMatchObject({
      text: { params: { reason: "socket hang up" } },
    });
  });

  it("removes a file left at its place before it failed", async () => {
    const { fetch } = transport(() => new Response("nope", { status: 500 }));
    const file = join(tempDir("result-download-"), "result.bin");
    writeFileSync(file, "left over");
    await downloadResult(`${OWN}/a`, file, "image", { fetch, profileBaseUrl: OWN }).catch(() => undefined);
    expect(existsSync(file)).toBe(false);
  });

  it.each([
    ["image", 120],
    ["video", 600],
  ] as const)("gives an %s %i s, then says it timed out", async (kind, seconds) => {
    const deadline = new AbortController();
    const timeout = vi.spyOn(AbortSignal, "timeout").mockReturnValue(deadline.signal);
    const { fetch } = transport(
      () =>
        new Promise<Response>((_, reject) => {
          deadline.signal.addEventListener("abort", () => reject(deadline.signal.reason));
          deadline.abort(new DOMException("The operation timed out.", "TimeoutError"));
        }),
    );
    const { error } = await download(`${OWN}/a`, fetch, { kind });
    expect(timeout).toHaveBeenCalledWith(seconds * 1000);
    expect(error).toMatchObject({ code: "DOWNLOAD_FAILED", text: { code: "DOWNLOAD_TIMED_OUT", params: { seconds } } });
  });
});

describe("a download that cannot succeed", () => {
  it.each([
    ["refused", "http://cdn.example.com/a.png", () => image()],
    ["too large", `${OWN}/a`, () => new Response(PNG, { headers: { "content-length": String(60 * MEBIBYTE) } })],
    ["not media", `${OWN}/a`, () => new Response(Buffer.from("<html>"))],
  ] as const)("fails its task at once when %s, instead of being tried again", async (_, address, answer) => {
    const { fetch } = transport(answer);
    const { error } = await download(address, fetch);
    expect(lastingPollFailure(error, "task_1")).toMatchObject({ code: "DOWNLOAD_FAILED" });
  });

  it("closes the file it wrote, kept or not", async () => {
    const open = () => readdirSync("/proc/self/fd").length;
    const before = open();
    for (let i = 0; i < 5; i++) {
      await download(`${OWN}/a`, transport(() => image()).fetch);
      await download(`${OWN}/a`, transport(() => new Response(Buffer.from("<html>"))).fetch);
    }
    expect(open()).toBeLessThanOrEqual(before);
  });
});
