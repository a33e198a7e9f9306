import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { BUILT_IN_MODELS, DEFAULT_PRICES } from "../../../electron/local-gateway/model-catalog.ts";
import type { ModelPrice } from "../../../shared/ipc/prices.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../../support/local-gateway.ts";
import { chatTurn, ledgerSettled, QUICK_SAMPLING } from "./budget-session.ts";

let gateway: TestGateway;
let app: AppServices;
let profileId: string;

beforeAll(async () => {
  gateway = await startTestGateway({
    publishPrices: false,
    videoLimits: { perMinute: 50, perDay: 100, concurrent: 10 },
  });
  app = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), { samplerTiming: QUICK_SAMPLING });
  profileId = app.vault.resolveId();
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

function configuredPrice(price: ModelPrice): number {
  const model = BUILT_IN_MODELS.find((candidate) => candidate.code === price.model);
  const configured = { ...DEFAULT_PRICES[model?.kind ?? "chat"], ...model?.price };
  if (price.unit === "input_1k") return configured.inputPer1kTokens;
  if (price.unit === "output_1k") return configured.outputPer1kTokens;
  return configured.perUnit;
}

/** A prompt of roughly `words` words, so input tokens vary from call to call. */
const promptOf = (words: number) => Array.from({ length: words }, (_, i) => `word${i % 97}`).join(" ");

describe("price learning against the local gateway", () => {
  it("learns each model's configured prices from the balance alone", { timeout: 120_000 }, async () => {
    await app.budget.snapshot(profileId);
    const sizes = [300, 1200, 2500, 600, 1800, 3200];
    for (const [i, words] of sizes.entries()) {
      const maxTokens = [64, 400, 150, 900, 250, 600][i] ?? 100;
      await chatTurn(app, { model: "chat-pro", maxTokens, stream: i % 2 === 0 }, promptOf(words));
      await ledgerSettled(app);
      // A search answer grows with the question; a system prompt of its own length keeps the two apart.
      const systemPrompt = promptOf([2000, 100, 900, 3000, 0, 1500][i] ?? 0);
      await chatTurn(app, { maxTokens, systemPrompt }, promptOf(words + 400), true);
      await ledgerSettled(app);
    }
    for (const n of [1, 3, 2, 4]) {
      await app.tasks.generateImage(profileId, {
        model: "image-fast",
        prompt: "a kite",
        n,
        size: "96x64",
        responseFormat: "url",
        async: false,
      });
      await ledgerSettled(app);
    }
    const learned = app.prices.prices(profileId);
    const errors = learned.map((price) => {
      const configured = configuredPrice(price);
      const error = configured === 0 ? price.price : Math.abs(price.price - configured) / configured;
      return { model: price.model, unit: price.unit, learned: price.price, configured, error };
    });
    console.info(
      errors
        .map(
          (row) =>
            `${row.model} ${row.unit}: learned ${row.learned.toFixed(6)}, configured ${row.configured}, ${row.configured === 0 ? `off by ${row.error.toFixed(6)}` : `error ${(100 * row.error).toFixed(2)} %`}`,
        )
        .join("\n"),
    );
    expect(errors.map((row) => `${row.model} ${row.unit}`).sort()).toEqual([
      "chat-pro call",
      "chat-pro input_1k",
      "chat-pro output_1k",
      "image-fast image",
      "web-search call",
      "web-search input_1k",
      "web-search output_1k",
    ]);
    for (const row of errors) expect(row.error, `${row.model} ${row.unit}`).toBeLessThan(0.02);
    expect(learned.find((price) => price.model === "chat-pro")?.observations).toBe(6);
  });
});
