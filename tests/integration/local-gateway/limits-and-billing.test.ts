import OpenAI from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BalanceSchema } from "../../../shared/gateway-api/balance.ts";
import { startTestGateway, TENANT, type TestGateway } from "../../support/local-gateway.ts";

const running: TestGateway[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.splice(0).map((gateway) => gateway.close()));
});

async function gatewayWith(keys: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const gateway = await startTestGateway({
    keys: keys.map((key, index) => ({ tenant: "acme", id: `key_${index}`, name: `Key ${index}`, ...key })) as never,
    ...extra,
  });
  running.push(gateway);
  return gateway;
}

const chat = { model: "chat-fast", messages: [{ role: "user", content: "hello" }], max_tokens: 5 };
const balanceOf = async (gateway: TestGateway, key: string) =>
  BalanceSchema.parse(await (await gateway.call("/v1/balance", { key })).json());

describe("rate limits", () => {
  it("answers 429 RATE_LIMIT past the key's RPM with X-RateLimit-* and Retry-After", async () => {
    const gateway = await gatewayWith([{ key: "sk-rpm-limited-1", rpm: 3 }]);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await gateway.call("/v1/balance", { key: "sk-rpm-limited-1" });
      statuses.push(last.status);
      if (i < 3) {
        expect(last.headers.get("x-ratelimit-limit")).toBe("3");
        expect(last.headers.get("x-ratelimit-remaining")).toBe(String(2 - i));
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers.get("x-ratelimit-limit")).toBe("3");
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await last!.json();
    expect(body.error.code).toBe("RATE_LIMIT");
    expect(body.error.request_id).toBe(last!.headers.get("x-request-id"));
  });

  it("the openai SDK waits Retry-After and then succeeds", async () => {
    const gateway = await gatewayWith([{ key: "sk-rpm-limited-2", rpm: 2 }], { rateLimitWindowSeconds: 2 });
    const attempts: { at: number; status: number; retryAfter: string | null }[] = [];
    const client = new OpenAI({
      apiKey: "sk-rpm-limited-2",
      baseURL: `${gateway.url}/v1`,
      maxRetries: 3,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        attempts.push({ at: Date.now(), status: response.status, retryAfter: response.headers.get("retry-after") });
        return response;
      },
    });
    for (let i = 0; i < 3; i++) {
      const completion = await client.chat.completions.create(chat as OpenAI.ChatCompletionCreateParamsNonStreaming);
      expect(completion.usage!.completion_tokens).toBe(5);
    }
    const limited = attempts.findIndex((attempt) => attempt.status === 429);
    expect(limited).toBe(2);
    const retry = attempts[limited + 1]!;
    expect(retry.status).toBe(200);
    const waited = retry.at - attempts[limited]!.at;
    expect(waited).toBeGreaterThanOrEqual(Number(attempts[limited]!.retryAfter) * 1000 - 50);
  });

  it("refuses requests past the key's TPM", async () => {
    const gateway = await gatewayWith([{ key: "sk-tpm-limited-1", tpm: 60 }]);
    const first = await gateway.call("/v1/chat/completions", {
      key: "sk-tpm-limited-1",
      body: { ...chat, max_tokens: 50 },
    });
    expect(first.status).toBe(200);
    const second = await gateway.call("/v1/chat/completions", { key: "sk-tpm-limited-1", body: chat });
    expect(second.status).toBe(429);
    expect(second.headers.get("x-ratelimit-limit")).toBe("60");
    expect(second.headers.get("retry-after")).toBeTruthy();
    expect((await second.json()).error.message).toMatch(/tokens per minute/);
  });

  it("holds video limits: concurrent, per minute and per day", async () => {
    const video = { model: "video-std", prompt: "a boat" };
    const slow = await gatewayWith([{ key: "sk-video-conc-1" }], {
      timeScale: 1,
      videoLimits: { perMinute: 10, perDay: 10, concurrent: 2 },
    });
    const concurrent = [];
    for (let i = 0; i < 3; i++)
      concurrent.push(await slow.call("/v1/video/generations", { key: "sk-video-conc-1", body: video }));
    expect(concurrent.map((response) => response.status)).toEqual([200, 200, 429]);
    expect((await concurrent[2]!.json()).error.message).toMatch(/at once/);
    expect(Number(concurrent[2]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    const fast = await gatewayWith([{ key: "sk-video-rate-1" }, { key: "sk-video-day-1" }], {
      timeScale: 0,
      videoLimits: { perMinute: 2, perDay: 3, concurrent: 5 },
    });
    const perMinute = [];
    for (let i = 0; i < 3; i++)
      perMinute.push(await fast.call("/v1/video/generations", { key: "sk-video-rate-1", body: video }));
    expect(perMinute.map((response) => response.status)).toEqual([200, 200, 429]);
    expect((await perMinute[2]!.json()).error.message).toMatch(/per minute/);
    expect(perMinute[2]!.headers.get("x-ratelimit-limit")).toBe("2");
  });

  it("counts videos per day across windows", async () => {
    // Time is the subject: the gateway's clock starts at noon of its billing day (UTC+8) and moves a
    // whole window on before each video, so each one is the first of its minute and all of its day.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(new Date("2026-03-10T12:00:00+08:00"));
    const gateway = await gatewayWith([{ key: "sk-video-day-2" }], {
      timeScale: 0,
      videoLimits: { perMinute: 1, perDay: 2, concurrent: 5 },
    });
    const responses = [];
    for (let i = 0; i < 3; i++) {
      vi.setSystemTime(Date.now() + 61_000);
      responses.push(
        await gateway.call("/v1/video/generations", {
          key: "sk-video-day-2",
          body: { model: "video-std", prompt: "x" },
        }),
      );
    }
    expect(responses.map((response) => response.status)).toEqual([200, 200, 429]);
    expect((await responses[2]!.json()).error.message).toMatch(/per day/);
  });
});

describe("balance, billing and budgets", () => {
  it("reports balance = top-up + gift, and the key's budgets with reset times carrying a UTC offset", async () => {
    const gateway = await gatewayWith([{ key: "sk-budget-view-1", dailyBudget: 5, monthlyBudget: null }]);
    const balance = await balanceOf(gateway, "sk-budget-view-1");
    expect(balance).toMatchObject({
      object: "balance",
      currency: "CNY",
      balance: TENANT.topupBalance + TENANT.giftBalance,
    });
    expect(balance.api_key).toMatchObject({
      id: "key_0",
      name: "Key 0",
      daily_budget: 5,
      daily_used: 0,
      daily_remaining: 5,
      monthly_budget: null,
      monthly_used: null,
      monthly_remaining: null,
      monthly_reset_at: null,
    });
    expect(balance.api_key.daily_reset_at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+08:00$/);
    expect(Date.parse(balance.api_key.daily_reset_at!)).toBeGreaterThan(Date.now());
    expect(Date.parse(balance.api_key.daily_reset_at!) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });

  it("charges each generation at the model's price against balance and both budgets", async () => {
    const gateway = await gatewayWith([{ key: "sk-charge-1", dailyBudget: 10, monthlyBudget: 30 }], {
      models: [
        { code: "priced-chat", kind: "chat", price: { inputPer1kTokens: 1, outputPer1kTokens: 2 } },
        { code: "priced-image", kind: "image", syncMode: "sync", price: { perUnit: 0.5 } },
      ],
    });
    const response = await gateway.call("/v1/chat/completions", {
      key: "sk-charge-1",
      body: { model: "priced-chat", messages: [{ role: "user", content: "price me" }], max_tokens: 50 },
    });
    const { usage } = await response.json();
    const chatCost = (usage.prompt_tokens * 1 + usage.completion_tokens * 2) / 1000;
    await gateway.call("/v1/images/generations", {
      key: "sk-charge-1",
      body: { model: "priced-image", prompt: "x", n: 2, size: "64x64" },
    });
    const balance = await balanceOf(gateway, "sk-charge-1");
    const spent = chatCost + 1;
    expect(balance.balance).toBeCloseTo(60 - spent, 4);
    expect(balance.api_key.daily_used).toBeCloseTo(spent, 4);
    expect(balance.api_key.daily_remaining).toBeCloseTo(10 - spent, 4);
    expect(balance.api_key.monthly_used).toBeCloseTo(spent, 4);
  });

  it("refuses work once the daily budget is exhausted, with 402 BUDGET_EXCEEDED naming the reset", async () => {
    const gateway = await gatewayWith([{ key: "sk-daily-1", dailyBudget: 0.25 }], {
      models: [{ code: "img", kind: "image", syncMode: "sync", price: { perUnit: 0.1 } }],
    });
    const body = { model: "img", prompt: "x", size: "64x64" };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await gateway.call("/v1/images/generations", { key: "sk-daily-1", body })).status);
    expect(statuses).toEqual([200, 200, 402]);
    const refused = await gateway.call("/v1/images/generations", { key: "sk-daily-1", body });
    expect(refused.headers.get("x-should-retry")).toBe("false");
    const error = (await refused.json()).error;
    expect(error.code).toBe("BUDGET_EXCEEDED");
    expect(error.message).toMatch(/daily budget .* resets at \d{4}-\d{2}-\d{2}T00:00:00\+08:00/);
    // Not "used up" while something is left: it says what is left and what the request costs.
    expect(error.message).toContain("has CNY 0.05 left of CNY 0.25, less than this request's CNY 0.1");
    const balance = await balanceOf(gateway, "sk-daily-1");
    expect(balance.api_key.daily_remaining).toBeCloseTo(0.05, 4);
  });

  it("enforces the monthly budget too", async () => {
    const gateway = await gatewayWith([{ key: "sk-monthly-1", monthlyBudget: 0.1 }], {
      models: [{ code: "img", kind: "image", syncMode: "sync", price: { perUnit: 0.1 } }],
    });
    const body = { model: "img", prompt: "x", size: "64x64" };
    expect((await gateway.call("/v1/images/generations", { key: "sk-monthly-1", body })).status).toBe(200);
    const refused = await gateway.call("/v1/images/generations", { key: "sk-monthly-1", body });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toMatch(/monthly budget/);
  });

  it("refuses work when the tenant's balance cannot pay, with 402 INSUFFICIENT_BALANCE", async () => {
    const gateway = await startTestGateway({
      tenants: [{ id: "poor", name: "Poor", topupBalance: 0.1, giftBalance: 0.05 }],
      keys: [{ key: "sk-poor-tenant-1", tenant: "poor", id: "key_poor", name: "Poor key" }],
      models: [{ code: "video", kind: "video", price: { perUnit: 1 } }],
    });
    running.push(gateway);
    const refused = await gateway.call("/v1/video/generations", {
      key: "sk-poor-tenant-1",
      body: { model: "video", prompt: "x" },
    });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.code).toBe("INSUFFICIENT_BALANCE");
    expect((await balanceOf(gateway, "sk-poor-tenant-1")).balance).toBeCloseTo(0.15, 4);
  });
});

describe("authentication", () => {
  it("accepts Bearer and x-api-key on every endpoint and answers 401 UNAUTHORIZED otherwise", async () => {
    const gateway = await startTestGateway();
    running.push(gateway);
    const endpoints: [string, unknown][] = [
      ["/v1/chat/completions", chat],
      ["/v1/messages", { ...chat, max_tokens: 5 }],
      ["/v1/search/completions", { model: "web-search", messages: chat.messages }],
      ["/v1/images/generations", { model: "image-fast", prompt: "x", size: "64x64" }],
      ["/v1/video/generations", { model: "video-std", prompt: "x" }],
      ["/v1/balance", undefined],
      ["/v1/tasks/task_unknown", undefined],
      ["/v1/video/generations/task_unknown", undefined],
      ["/v1/tasks/task_unknown/cancel", null],
    ];
    for (const [path, body] of endpoints) {
      const init = body === null ? { method: "POST" } : { body: body ?? undefined };
      const bearer = await gateway.call(path, init);
      const header = await gateway.call(path, { ...init, key: null, headers: { "x-api-key": "sk-test-main-0001" } });
      for (const response of [bearer, header]) expect([200, 404], path).toContain(response.status);
      expect(header.status, path).toBe(bearer.status);
      const refusedHeaders: Record<string, string>[] = [
        {},
        { authorization: "Bearer sk-invalid-key" },
        { "x-api-key": "sk-invalid-key" },
        { authorization: "Basic abc" },
      ];
      for (const headers of refusedHeaders) {
        const denied = await gateway.call(path, { ...init, key: null, headers });
        expect(denied.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        const error = (await denied.json()).error;
        expect(error.code).toBe("UNAUTHORIZED");
        expect(error.request_id).toBe(denied.headers.get("request-id"));
      }
    }
  });
});
