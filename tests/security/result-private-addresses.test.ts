import type * as Dns from "node:dns";
import { readdirSync } from "node:fs";
import {
  createServer,
  getDefaultAutoSelectFamily,
  setDefaultAutoSelectFamily,
  type Server,
  type Socket,
} from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isPrivateAddress } from "../../electron/services/tasks/private-addresses.ts";
import { downloadResult } from "../../electron/services/tasks/result-download.ts";
import { addressExcerpt, guardedResultFetch } from "../../electron/services/tasks/result-fetch.ts";
import { startRecordingServer } from "../support/recording-server.ts";
import { tempDir } from "../support/local-gateway.ts";

/**
 * Names the tests resolve themselves (an answer or a lookup error); every other name resolves as usual.
 * `then` runs once the answer is given, e.g. to abort a connection to a public address no test can reach.
 */
const fakeNames = vi.hoisted(
  () => new Map<string, { answer: { address: string; family: number }[] | Error; then?: () => void }>(),
);
vi.mock("node:dns", async (importOriginal) => {
  const real = await importOriginal<typeof Dns>();
  const lookup = (hostname: string, options: Dns.LookupAllOptions, callback: (...args: unknown[]) => void) => {
    const fake = fakeNames.get(hostname);
    if (!fake) return real.lookup(hostname, options, callback as never);
    process.nextTick(() => {
      if (fake.answer instanceof Error) callback(fake.answer);
      else callback(null, fake.answer);
      if (fake.then) setImmediate(fake.then);
    });
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

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

describe("which addresses count as private", () => {
  it("refuses the special-purpose IPv4 ranges too: protocol assignments, benchmarking, multicast and reserved", () => {
    const special = ["192.0.0.8", "198.18.0.1", "198.19.255.254", "224.0.0.1", "239.255.255.250", "240.0.0.1"];
    expect(special.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(isPrivateAddress("255.255.255.255")).toBe(true);
    // Their public neighbours stay public.
    expect(["192.0.1.1", "198.17.255.255", "198.20.0.1", "223.255.255.255"].filter(isPrivateAddress)).toEqual([]);
  });

  it("refuses IPv6 site-local and multicast addresses", () => {
    expect(["fec0::1", "feff::1", "ff02::1", "ff0e::fb"].filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(["2606:4700::1111", "fe00::1", "fb00::1"].filter(isPrivateAddress)).toEqual([]);
  });

  it("reads an IPv6 address in the brackets a URL writes it in", () => {
    expect(isPrivateAddress("[::1]")).toBe(true);
    expect(isPrivateAddress("[fd00::1]")).toBe(true);
    expect(isPrivateAddress("[2606:4700::1111]")).toBe(false);
  });

  it("calls no host name private: a name is judged by the addresses it resolves to", () => {
    expect(isPrivateAddress("localhost")).toBe(false);
    expect(isPrivateAddress("gateway.example.com")).toBe(false);
    expect(isPrivateAddress("")).toBe(false);
  });

  it("reads the IPv4 address a NAT64 address carries, however it is written", () => {
    const privates = [
      "64:ff9b::1",
      "64:ff9b::a00:1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::c0a8:101",
      "64:ff9b::ffff:ffff",
      "0064:ff9b:0000:0000:0000:0000:7f00:0001",
    ];
    expect(privates.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(["64:ff9b::8.8.8.8", "64:ff9b::5db8:d822", "64:ff9b::808:808"].filter(isPrivateAddress)).toEqual([]);
  });

  it("reads an IPv4 address only from the NAT64 prefix itself, 64:ff9b::/96", () => {
    // Other addresses that merely contain the prefix's digits carry no IPv4 address.
    expect(["164:ff9b::a00:1", "64:ff9b::a00:1:5", "64:ff9b:1::a00:1"].filter(isPrivateAddress)).toEqual([]);
  });
});

/** A loopback server answering each request with `head` (status line and headers) as written, then keeping the connection open. */
async function rawServer(head: string) {
  const closed = Promise.withResolvers<void>();
  const server = createServer((socket) => {
    socket.once("data", () => socket.write(`${head}\r\n\r\n`));
    socket.on("close", () => closed.resolve());
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/a.png`);
  return { url, closed: closed.promise, close: () => new Promise((resolve) => server.close(resolve)) };
}

const fetchOwn = (url: URL, signal = new AbortController().signal) =>
  guardedResultFetch(url, { redirect: "manual", credentials: "omit", signal }, { privateAllowed: true });
const fetchElsewhere = (url: URL, signal = new AbortController().signal) =>
  guardedResultFetch(url, { redirect: "manual", credentials: "omit", signal }, { privateAllowed: false });

describe("the answer a result fetch hands on", () => {
  it.each([204, 205, 304])("passes on a %i as an answer without a body", async (status) => {
    const server = await rawServer(`HTTP/1.1 ${status} Nothing\r\ncontent-length: 0`);
    try {
      const response = await fetchOwn(server.url);
      expect(response.status).toBe(status);
      expect(response.body).toBeNull();
    } finally {
      await server.close();
    }
  });

  it.each([204, 304])("reads a %i to its end, so its connection is closed", async (status) => {
    const server = await rawServer(`HTTP/1.1 ${status} Nothing`);
    try {
      await fetchOwn(server.url);
      await server.closed;
    } finally {
      await server.close();
    }
  });

  it("passes on every status from 200 to 599", async () => {
    for (const status of [200, 599]) {
      const server = await rawServer(`HTTP/1.1 ${status} Any\r\ncontent-length: 0`);
      try {
        expect((await fetchOwn(server.url)).status).toBe(status);
      } finally {
        await server.close();
      }
    }
  });

  it("fails an answer with a status no web answer may have, naming it, and closes its connection", async () => {
    const server = await rawServer("HTTP/1.1 600 Odd\r\ncontent-length: 5");
    try {
      await expect(fetchOwn(server.url)).rejects.toThrow("the server answered status 600");
      await server.closed;
    } finally {
      await server.close();
    }
  });

  it("passes on the answer's headers as they came, and no others", async () => {
    const server = await rawServer(
      "HTTP/1.1 200 OK\r\ncontent-type: image/png\r\nx-part: 1\r\nx-part: 2\r\ncontent-length: 0",
    );
    try {
      const response = await fetchOwn(server.url);
      expect([...response.headers]).toEqual([
        ["content-length", "0"],
        ["content-type", "image/png"],
        ["x-part", "1, 2"],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("a result's host name, resolved once where the connection is made", () => {
  it("passes on a failed lookup as it came", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.dns.test"), { code: "ENOTFOUND" });
    fakeNames.set("nowhere.dns.test", { answer: notFound });
    await expect(fetchElsewhere(new URL("https://nowhere.dns.test/a.png"))).rejects.toMatchObject({
      code: "ENOTFOUND",
    });
  });

  it("refuses a name with only private addresses, naming the first", async () => {
    fakeNames.set("inside.dns.test", {
      answer: [
        { address: "10.0.0.5", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ],
    });
    const refusal = await fetchElsewhere(new URL("https://inside.dns.test/a.png")).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect((refusal as Error).message).toContain("inside.dns.test is at 10.0.0.5");
  });

  it("refuses a name with no address at all", async () => {
    fakeNames.set("empty.dns.test", { answer: [] });
    const refusal = await fetchElsewhere(new URL("https://empty.dns.test/a.png")).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "DOWNLOAD_REFUSED" });
    expect((refusal as Error).message).toContain("empty.dns.test is at ?");
  });

  it.each([true, false])(
    "connects to a name's public addresses only, never its private ones (trying every family: %s)",
    async (everyFamily) => {
      const before = listener.connections;
      const connecting = new AbortController();
      // The public address cannot be reached from a test: the connection to it is stopped once it is under way.
      fakeNames.set("mixed.dns.test", {
        answer: [
          { address: "127.0.0.1", family: 4 },
          { address: "203.0.113.7", family: 4 },
        ],
        then: () => connecting.abort(),
      });
      const autoSelectFamily = getDefaultAutoSelectFamily();
      setDefaultAutoSelectFamily(everyFamily);
      try {
        const url = new URL(`http://mixed.dns.test:${listener.port}/a.png`);
        const outcome = await fetchElsewhere(url, connecting.signal).catch((error: unknown) => error);
        // Stopped while connecting, or failed to connect: to the public address either way, and not refused.
        const { name, message } = outcome as Error;
        expect(name === "AbortError" || message.includes("203.0.113.7")).toBe(true);
        expect(listener.connections).toBe(before);
      } finally {
        setDefaultAutoSelectFamily(autoSelectFamily);
      }
    },
  );
});

describe("an address quoted in an error", () => {
  it("is quoted whole up to 80 characters, and cut to 80 with an ellipsis beyond", () => {
    const eighty = `https://example.com/${"a".repeat(60)}`;
    expect(addressExcerpt(eighty)).toBe(eighty);
    const long = `${eighty}bcd`;
    expect(addressExcerpt(long)).toBe(`${eighty.slice(0, 77)}…`);
    expect(addressExcerpt(long)).toHaveLength(78);
  });
});
