import { readdirSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../electron/services/tasks/private-addresses.ts";
import { downloadResult } from "../../electron/services/tasks/result-download.ts";
import { guardedResultFetch } from "../../electron/services/tasks/result-fetch.ts";
import { startRecordingServer } from "../support/recording-server.ts";
import { tempDir } from "../support/local-gateway.ts";

const PNG_BYTES = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/** A loopback listener that counts every connection made to it, TLS or not, and answers a PNG over plain http. */
let listener: { server: Server; port: number; connections: number; sockets: Set<Socket> };

beforeAll(async () => {
  const server = createServer((socket) => {
    listener.connections++;
    listener.sockets.add(socket);
    socket.once("data", () =>
      socket.end(
        Buffer.concat([
          Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: ${PNG_BYTES.length}\r\n\r\n`),
          PNG_BYTES,
        ]),
      ),
    );
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  listener = { server, port: (server.address() as { port: number }).port, connections: 0, sockets: new Set() };
});
afterAll(async () => {
  for (const socket of listener.sockets) socket.destroy();
  await new Promise((resolve) => listener.server.close(resolve));
});

const folder = tempDir("media-");
const download = (address: string, profileBaseUrl: string, resultOrigins: string[] = []) =>
  downloadResult(address, join(folder, `${Math.random()}.png`), "image", {
    fetch: guardedResultFetch,
    profileBaseUrl,
    resultOrigins,
  }).then(
    (mime) => ({ mime, code: null, message: "" }),
    (error: unknown) => error as { code: string; message: string },
  );

/** A profile on a public gateway: its results at private addresses are someone else's. */
const PUBLIC_PROFILE = "https://gateway.example.com/v1";

describe("result downloads at private, loopback and link-local addresses", () => {
  it.each([
    "https://127.0.0.1:PORT/a.png",
    "https://127.1.2.3:PORT/a.png",
    "https://0x7f.1:PORT/a.png",
    "https://0.0.0.0:PORT/a.png",
    "https://[::1]:PORT/a.png",
    "https://[::]:PORT/a.png",
    "https://[::ffff:127.0.0.1]:PORT/a.png",
    "https://[::ffff:7f00:1]:PORT/a.png",
    "https://10.1.2.3/a.png",
    "https://172.16.0.1/a.png",
    "https://192.168.1.20/a.png",
    "https://100.64.0.1/a.png",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fe80::1]/a.png",
    "https://[fd00::1]/a.png",
    "https://[64:ff9b::a9fe:a9fe]/a.png",
  ])("refuses %s from another profile's result, without connecting", async (template) => {
    const before = listener.connections;
    const address = template.replace("PORT", String(listener.port));
    const refusal = await download(address, PUBLIC_PROFILE);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect(refusal.message).toMatch(/private, loopback or link-local/);
    expect(listener.connections).toBe(before);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses a name that resolves to a loopback address, checked where the connection is made", async () => {
    const before = listener.connections;
    const refusal = await download(`https://localhost:${listener.port}/a.png`, PUBLIC_PROFILE);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect(refusal.message).toContain("localhost is at");
    expect(listener.connections).toBe(before);
  });

  it("refuses a redirect from the profile's own host into a private address elsewhere", async () => {
    const redirecting = await startRecordingServer(`https://127.0.0.1:${listener.port}`);
    try {
      const before = listener.connections;
      // The profile's own host is "localhost"; 127.0.0.1 is another host to the rule, reached over https.
      const ownPort = new URL(redirecting.url).port;
      const refusal = await download(`http://localhost:${ownPort}/a.png`, `http://localhost:${ownPort}/v1`);
      expect(redirecting.requests).toHaveLength(1);
      expect(refusal).toMatchObject({ code: "DOWNLOAD_REFUSED" });
      expect(listener.connections).toBe(before);
    } finally {
      await redirecting.close();
    }
  });

  it("reads the profile's own loopback host on any port (the local gateway)", async () => {
    expect(await download(`http://127.0.0.1:${listener.port}/a.png`, "http://127.0.0.1:1/v1")).toMatchObject({
      mime: "image/png",
    });
  });

  it("reads a private origin the profile lists in its Result origins", async () => {
    const origin = `http://127.0.0.1:${listener.port}`;
    expect(await download(`${origin}/a.png`, PUBLIC_PROFILE, [origin])).toMatchObject({ mime: "image/png" });
  });

  it("tells private addresses from public ones, in every written form", () => {
    const privates = [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.1.1",
      "100.127.0.1",
      "0.0.0.0",
    ];
    const privateV6 = [
      "::",
      "::1",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "fc00::1",
      "fdff::1",
      "fe80::1",
      "febf::1",
      "64:ff9b::7f00:1",
    ];
    const publics = [
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "1.1.1.1",
      "2001:4860:4860::8888",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
    ];
    expect([...privates, ...privateV6].filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(publics.filter(isPrivateAddress)).toEqual([]);
  });
});
