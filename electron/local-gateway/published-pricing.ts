import type { ModelConfig } from "./config.ts";
import type { FlatRates as Rates } from "./model-catalog.ts";

/** A price as OpenRouter writes it: a decimal string, without float noise. */
const decimal = (value: number) => String(Number(value.toPrecision(12)));

/**
 * What a model costs, as OpenRouter's model list publishes it: `prompt` and `completion` per
 * token, `request` per call, `image` per image generated; `video_second` per second of video is
 * this gateway's extension. In the balance's currency (CNY).
 */
export function publishedPricing(kind: ModelConfig["kind"], rates: Rates): Record<string, string> {
  switch (kind) {
    case "chat":
    case "search":
      return {
        prompt: decimal(rates.inputPer1kTokens / 1000),
        completion: decimal(rates.outputPer1kTokens / 1000),
        request: decimal(rates.perUnit),
      };
    case "image":
      return { image: decimal(rates.perUnit) };
    case "video":
      return { video_second: decimal(rates.perUnit) };
  }
}
