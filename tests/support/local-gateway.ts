import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start, type GatewayConfigInput, type RunningGateway } from "../../electron/local-gateway/index.ts";

export const TENANT = { id: "acme", name: "Acme", topupBalance: 50, giftBalance: 10 };

/** Keys of the standard test tenant: each exercises one part of the spec. */
type KeyInput = NonNullable<GatewayConfigInput["keys"]>[number];

export const KEYS = {
  main: {
    key: "sk-test-main-0001",
    tenant: "acme",
    id: "key_main",
    name: "Main key",
    dailyBudget: 20,
    monthlyBudget: 40,
    rpm: 1000,
    tpm: 1_000_000,
  },
  other: { key: "sk-test-other-0002", tenant: "acme", id: "key_other", name: "Other key", rpm: 1000, tpm: 1_000_000 },
  limited: {
    key: "sk-test-limited-0003",
    tenant: "acme",
    id: "key_limited",
    name: "Limited key",
    rpm: 1000,
    tpm: 1_000_000,
    models: ["chat-fast"],
  },
} satisfies Record<string, KeyInput & { key: string }>;

export interface TestGateway extends RunningGateway {
  readonly dataDir: string;
  /** fetch against the gateway with the main key (Bearer) unless headers say otherwise. */
  call(
    path: string,
    init?: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> },
  ): Promise<Response>;
}

export function tempDir(prefix = "gateway-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The test gateway on `dataDir`; `port` 0 takes any free port (a restart passes the one it had). */
export async function startTestGateway(
  overrides: GatewayConfigInput = {},
  dataDir = tempDir(),
  port = 0,
): Promise<TestGateway> {
  const gateway = await start({
    port,
    dataDir,
    config: { timeScale: 0, tenants: [TENANT], keys: Object.values(KEYS).map((key) => ({ ...key })), ...overrides },
  });
  return {
    ...gateway,
    dataDir,
    call(path, { method, body, key = KEYS.main.key, headers = {} } = {}) {
      return fetch(gateway.url + path, {
        method: method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          ...(key === null ? {} : { authorization: `Bearer ${key}` }),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    },
  };
}

/** Polls `read` until `done` holds, failing after `timeoutMs`. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
