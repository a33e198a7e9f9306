import type { ModelConfig } from "./config.ts";

/** The models a gateway offers when its config lists none: every kind, both image modes and every fault. */
export const BUILT_IN_MODELS: ModelConfig[] = [
  chat("chat-fast", { inputPer1kTokens: 0.002, outputPer1kTokens: 0.006 }),
  chat("chat-pro", { inputPer1kTokens: 0.02, outputPer1kTokens: 0.06 }),
  { ...chat("chat-upstream-error"), fault: "upstream" },
  { ...chat("chat-timeout"), fault: "timeout" },
  { ...chat("chat-stream-cut"), fault: "stream-cut" },
  { ...chat("chat-offline"), online: false },
  {
    code: "web-search",
    kind: "search",
    syncMode: "sync",
    online: true,
    fault: null,
    price: { perUnit: 0.03, inputPer1kTokens: 0.002, outputPer1kTokens: 0.006 },
  },
  { code: "image-fast", kind: "image", syncMode: "sync", online: true, fault: null, price: { perUnit: 0.1 } },
  { code: "image-pro", kind: "image", syncMode: "async", online: true, fault: null, price: { perUnit: 0.3 } },
  { code: "image-upstream-error", kind: "image", syncMode: "async", online: true, fault: "upstream" },
  { code: "video-std", kind: "video", syncMode: "async", online: true, fault: null, price: { perUnit: 0.5 } },
  { code: "video-upstream-error", kind: "video", syncMode: "async", online: true, fault: "upstream" },
  { code: "video-timeout", kind: "video", syncMode: "async", online: true, fault: "timeout" },
];

function chat(code: string, price: ModelConfig["price"] = undefined): ModelConfig {
  return { code, kind: "chat", syncMode: "sync", online: true, fault: null, ...(price ? { price } : {}) };
}

/** A model's prices that do not depend on the size. */
export type FlatRates = Required<Omit<NonNullable<ModelConfig["price"]>, "perUnitBySize">>;

/** Prices for models whose config names none, in CNY. */
export const DEFAULT_PRICES: Record<ModelConfig["kind"], FlatRates> = {
  chat: { inputPer1kTokens: 0.004, outputPer1kTokens: 0.012, perUnit: 0 },
  search: { inputPer1kTokens: 0.002, outputPer1kTokens: 0.006, perUnit: 0.03 },
  image: { inputPer1kTokens: 0, outputPer1kTokens: 0, perUnit: 0.2 },
  video: { inputPer1kTokens: 0, outputPer1kTokens: 0, perUnit: 0.5 },
};
