import type { AppServices } from "../../electron/services/app-services.ts";
import type { GatewayConfigInput } from "../../electron/local-gateway/config.ts";
import { chatTurn, gatewayCharges, ledgerSettled } from "../integration/budget/budget-session.ts";
import { startTestGateway, type TestGateway } from "./local-gateway.ts";

/** A small catalogue with a model whose price the scenarios change. */
export const MONEY_MODELS: NonNullable<GatewayConfigInput["models"]> = [
  { code: "chat-fast", kind: "chat", syncMode: "sync", price: { inputPer1kTokens: 0.002, outputPer1kTokens: 0.006 } },
  { code: "chat-pro", kind: "chat", syncMode: "sync", price: { inputPer1kTokens: 0.02, outputPer1kTokens: 0.06 } },
  {
    code: "web-search",
    kind: "search",
    syncMode: "sync",
    price: { perUnit: 0.03, inputPer1kTokens: 0.002, outputPer1kTokens: 0.006 },
  },
  { code: "image-fast", kind: "image", syncMode: "sync", price: { perUnit: 0.1 } },
  { code: "image-pro", kind: "image", syncMode: "async", price: { perUnit: 0.3 } },
];

/** One paid call of the app's: what the gateway charged for it, and what the app shows. */
export interface MoneyRow {
  readonly requestId: string;
  readonly model: string;
  readonly charged: number;
  readonly shown: number | null;
  readonly costKind: string;
}

export interface MoneyReport {
  readonly rows: readonly MoneyRow[];
  /** What other clients on the key were charged, and what the app shows as other spend. */
  readonly otherCharged: number;
  readonly otherShown: number;
}

/** The app's ledger against the gateway's charges, joined by request id. */
export function moneyReport(app: AppServices, gateway: TestGateway, otherRequests: ReadonlySet<string>): MoneyReport {
  const charged = new Map<string, { amount: number; model: string }>();
  for (const charge of gatewayCharges(gateway)) {
    const known = charged.get(charge.request_id);
    charged.set(charge.request_id, { amount: (known?.amount ?? 0) + charge.amount, model: charge.model });
  }
  const entries = app.ledger.entries(app.vault.resolveId(), {});
  const rows: MoneyRow[] = [];
  let otherCharged = 0;
  for (const [requestId, charge] of charged) {
    if (otherRequests.has(requestId)) {
      otherCharged += charge.amount;
      continue;
    }
    const entry = entries.find((candidate) => candidate.requestId === requestId && candidate.cost !== null);
    rows.push({
      requestId,
      model: charge.model,
      charged: charge.amount,
      shown: entry ? (entry.cost ?? 0) - (entry.refund ?? 0) : null,
      costKind: entry?.costKind ?? "missing",
    });
  }
  const otherShown = entries.filter((entry) => entry.outside).reduce((sum, entry) => sum + (entry.cost ?? 0), 0);
  return { rows, otherCharged, otherShown };
}

/** Sum of |shown − charged| over the app's own calls, as a share of what they were charged. */
export const sumAbsErrorShare = (rows: readonly Pick<MoneyRow, "charged" | "shown">[]) =>
  rows.reduce((sum, row) => sum + Math.abs((row.shown ?? 0) - row.charged), 0) /
  Math.max(
    1e-12,
    rows.reduce((sum, row) => sum + row.charged, 0),
  );

/** Measured rows more than 2 % off what the gateway charged. */
export const measuredRowsOff = (rows: readonly MoneyRow[]) =>
  rows.filter((row) => row.costKind === "measured" && Math.abs((row.shown ?? 0) - row.charged) > 0.02 * row.charged)
    .length;

/** Another client on the same key (a script, a second laptop): a paid call the app never sees. */
export async function otherClientSpends(gateway: TestGateway, otherRequests: Set<string>, kind: "image" | "chat") {
  const body =
    kind === "image"
      ? { model: "image-fast", prompt: "bought elsewhere", n: 1, size: "64x64" }
      : { model: "chat-pro", messages: [{ role: "user", content: "asked elsewhere" }], max_tokens: 40 };
  const path = kind === "image" ? "/v1/images/generations" : "/v1/chat/completions";
  // A connection kept from before a restart of the gateway is dead: the next try takes a fresh one.
  // (Were the first try charged after all, that is one more charge by another client, as it may be.)
  const response = await gateway.call(path, { body }).catch(() => gateway.call(path, { body }));
  const requestId = response.headers.get("x-request-id");
  await response.arrayBuffer();
  if (requestId) otherRequests.add(requestId);
}

/** Calls one at a time, each settled before the next. */
export async function callsOneAtATime(app: AppServices): Promise<void> {
  const profileId = app.vault.resolveId();
  await chatTurn(app, { model: "chat-fast", maxTokens: 60 }, "How far is the moon?");
  await ledgerSettled(app);
  await chatTurn(app, { model: "chat-pro", maxTokens: 120 }, "Write a haiku about tea.");
  await ledgerSettled(app);
  await chatTurn(app, { maxTokens: 80 }, "latest news on kites", true);
  await ledgerSettled(app);
  await app.tasks.generateImage(profileId, imageJob("image-fast", 2));
  await ledgerSettled(app);
}

/** Four calls at once, as a user trying every pane on first use does. */
export async function burstOfFour(app: AppServices): Promise<void> {
  const profileId = app.vault.resolveId();
  await Promise.all([
    chatTurn(app, { model: "chat-fast", maxTokens: 60 }, "Say hello."),
    chatTurn(app, { maxTokens: 60 }, "weather in Paris", true),
    app.tasks.generateImage(profileId, imageJob("image-fast", 3)),
    app.tasks.generateImage(profileId, imageJob("image-fast", 1)),
  ]);
  await ledgerSettled(app);
}

/** Another client spends while the app is idle, and again during one of the app's calls. */
export async function anotherClientOnTheKey(app: AppServices, gateway: TestGateway, others: Set<string>) {
  await otherClientSpends(gateway, others, "image");
  await otherClientSpends(gateway, others, "chat");
  // A reading shows the idle spend; then another purchase lands while the app's own call is out.
  await app.budget.snapshot(app.vault.resolveId());
  await Promise.all([
    otherClientSpends(gateway, others, "image"),
    chatTurn(app, { model: "chat-fast", maxTokens: 40 }, "One more question."),
  ]);
  await ledgerSettled(app);
  await app.budget.snapshot(app.vault.resolveId());
}

/**
 * The gateway raises a model's price (its model list still publishes the old one, as a stale
 * cache would); returns the restarted gateway and, after each call at the new price (1, 2 and 3
 * images in turn), the app's estimate of one image.
 */
export async function priceChange(
  app: AppServices,
  gateway: TestGateway,
  overrides: GatewayConfigInput,
  calls: number,
): Promise<{ gateway: TestGateway; estimates: number[]; truePrice: number }> {
  const port = Number(new URL(gateway.url).port);
  await gateway.close();
  const truePrice = 0.25;
  const raised = MONEY_MODELS.map((model) =>
    model.code === "image-fast" ? { ...model, price: { perUnit: truePrice } } : model,
  );
  const restarted = await startTestGateway({ ...overrides, models: raised }, gateway.dataDir, port);
  const profileId = app.vault.resolveId();
  // The app's kept-alive connection died with the old process: a reading finds that out, not a paid call.
  await app.budget.snapshot(profileId).catch(() => undefined);
  await app.budget.snapshot(profileId);
  const estimates: number[] = [];
  for (let call = 0; call < calls; call++) {
    // Calls of different sizes: identical ones moved by the same factor could be another client in step.
    await app.tasks.generateImage(profileId, imageJob("image-fast", (call % 3) + 1));
    await ledgerSettled(app);
    estimates.push(
      app.prices.estimate(profileId, { kind: "image", model: "image-fast", n: 1, size: "64x64" }).amount ?? 0,
    );
  }
  return { gateway: restarted, estimates, truePrice };
}

export const imageJob = (model: string, n: number) => ({
  model,
  prompt: "a paper kite",
  n,
  size: "64x64",
  responseFormat: "url" as const,
  async: false,
});
