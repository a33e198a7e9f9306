import { describe, expect, it } from "vitest";
import { INVOKE_CHANNELS } from "../../../shared/ipc/contract.ts";
import { GALLERY_PAGE_MAX, GALLERY_PAGE_SIZE } from "../../../shared/ipc/gallery.ts";
import { createInvokeRouter, type InvokeHandlers } from "../../../electron/ipc/invoke-router.ts";
import { appError } from "../../../electron/services/app-error.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { recordingPage } from "../../support/fake-page.ts";

const calls: unknown[] = [];
const notCalled = () => {
  throw new Error("not expected in this test");
};
// Every channel not under test refuses to run.
const handlers = {
  ...(Object.fromEntries(
    Object.keys(INVOKE_CHANNELS).map((channel) => [channel, notCalled]),
  ) as unknown as InvokeHandlers),
  "app.info": () => ({ version: "1.0.0", host: "web", platform: "linux", keyStorage: "key-file" }),
  "profiles.save": (input) => {
    calls.push(input);
    throw appError("KEY_REQUIRED");
  },
  "profiles.select": () => {
    throw new TypeError("Cannot read properties of undefined (reading 'sk-secret-internal')");
  },
  "profiles.test": () => {
    throw new GatewayError({
      code: "UNAUTHORIZED",
      message: "The API key is invalid.",
      status: 401,
      requestId: "req_1",
    });
  },
  "streams.cancel": ({ streamId }, page) => ({ cancelled: streamId === page.id }),
  "gallery.page": (input) => {
    calls.push(input);
    return { items: [], total: 0, next: null };
  },
} satisfies InvokeHandlers;

const route = createInvokeRouter(handlers);
const { page } = recordingPage();

describe("the invoke router", () => {
  it("returns handler results as ok values", async () => {
    expect(await route("app.info", undefined, page)).toEqual({
      ok: true,
      data: { version: "1.0.0", host: "web", platform: "linux", keyStorage: "key-file" },
    });
    expect(await route("streams.cancel", { streamId: "page-1" }, page)).toEqual({
      ok: true,
      data: { cancelled: true },
    });
  });

  it("refuses unknown channels", async () => {
    expect(await route("shell.exec", { command: "rm -rf /" }, page)).toEqual({
      ok: false,
      error: {
        code: "UNKNOWN_CHANNEL",
        message: 'There is no channel named "shell.exec".',
        text: { code: "UNKNOWN_CHANNEL", params: { channel: "shell.exec" } },
      },
    });
  });

  it("rejects invalid payloads with a clear message, and the schema's own coded sentence, before any handler runs", async () => {
    const result = await route("profiles.save", { name: "x", baseUrl: "not a url", auth: "bearer" }, page);
    expect(result).toEqual({
      ok: false,
      error: {
        code: "INVALID_PAYLOAD",
        message: "profiles.save: baseUrl: Base URL must be a URL such as https://gateway.example.com",
        text: {
          code: "INVALID_PAYLOAD",
          params: { where: "profiles.save: baseUrl" },
          cause: { code: "BASE_URL_INVALID", params: {} },
        },
      },
    });
    expect(await route("chat.rename", { conversationId: "c", title: "x".repeat(201) }, page)).toMatchObject({
      ok: false,
      error: { text: { cause: { code: "TITLE_TOO_LONG", params: { maximum: 200 } } } },
    });
    expect(await route("app.info", { unexpected: true }, page)).toMatchObject({
      ok: false,
      error: { code: "INVALID_PAYLOAD" },
    });
    expect(await route("streams.cancel", {}, page)).toMatchObject({ ok: false, error: { code: "INVALID_PAYLOAD" } });
    expect(calls).toEqual([]);
  });

  it("turns thrown errors into values: app errors and gateway errors keep their details", async () => {
    expect(await route("profiles.save", { name: "A", baseUrl: "https://a.example.com", auth: "bearer" }, page)).toEqual(
      {
        ok: false,
        error: {
          code: "KEY_REQUIRED",
          message: "Enter the API key for the new profile.",
          text: { code: "KEY_REQUIRED", params: {} },
        },
      },
    );
    expect(await route("profiles.test", { id: "p" }, page)).toEqual({
      ok: false,
      error: { code: "UNAUTHORIZED", message: "The API key is invalid.", status: 401, requestId: "req_1" },
    });
  });

  it("hides the text of unexpected errors, which may carry internals", async () => {
    const result = await route("profiles.select", { id: "p" }, page);
    expect(result).toMatchObject({ ok: false, error: { code: "INTERNAL_ERROR" } });
    expect(JSON.stringify(result)).not.toContain("sk-secret-internal");
  });

  it("hands the gallery's page a bounded limit and a cursor of its shape, or refuses the call", async () => {
    calls.length = 0;
    expect(await route("gallery.page", { kind: "image" }, page)).toMatchObject({ ok: true });
    const after = { createdAt: 1_790_000_000_000, seq: 42 };
    expect(await route("gallery.page", { kind: "video", after, limit: GALLERY_PAGE_MAX }, page)).toMatchObject({
      ok: true,
    });
    expect(calls).toEqual([
      { kind: "image", after: null, limit: GALLERY_PAGE_SIZE },
      { kind: "video", after, limit: GALLERY_PAGE_MAX },
    ]);
    for (const payload of [
      { kind: "image", limit: GALLERY_PAGE_MAX + 1 },
      { kind: "image", limit: 0 },
      { kind: "image", limit: 2.5 },
      { kind: "image", after: { createdAt: -1, seq: 1 } },
      { kind: "image", after: { createdAt: 1, seq: 0 } },
      { kind: "image", after: { createdAt: "1", seq: 1 } },
      { kind: "image", after: { createdAt: 1 } },
      { kind: "image", after: "offset=200" },
      { kind: "audio" },
    ]) {
      expect(await route("gallery.page", payload, page)).toMatchObject({
        ok: false,
        error: { code: "INVALID_PAYLOAD" },
      });
    }
    expect(calls).toHaveLength(2);
  });
});
