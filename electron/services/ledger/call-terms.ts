import { z } from "zod";
import type { LedgerKind } from "../../../shared/ipc/ledger.ts";

/** What a call was, from its method and path. */
export function ledgerKindOf(method: string, path: string): LedgerKind {
  if (method === "POST" && path.endsWith("/cancel")) return "cancel";
  if (method === "GET" && /^\/v1\/(tasks|video\/generations)\/[^/]+$/.test(path)) return "poll";
  switch (path) {
    case "/v1/chat/completions":
    case "/v1/messages":
      return "chat";
    case "/v1/search/completions":
      return "search";
    case "/v1/images/generations":
      return "image";
    case "/v1/video/generations":
      return "video";
    case "/v1/balance":
      return "balance";
    case "/v1/models":
      return "models";
    default:
      return "other";
  }
}

/** Kinds of call the gateway charges for, when it accepts them. */
export const PAID_KINDS: readonly LedgerKind[] = ["chat", "search", "image", "video"];

export const DEFAULT_IMAGE_SIZE = "1024x1024";
export const DEFAULT_VIDEO_SIZE = "1280x720";
export const DEFAULT_VIDEO_SECONDS = 5;

/**
 * What the request body says about the price: the model, how many images or seconds, the size,
 * and the most output tokens a reply may have.
 */
interface CallTerms {
  readonly model: string | null;
  readonly units: number | null;
  readonly size: string | null;
  readonly maxTokens: number | null;
}

/** The fields of a request body that set its price; anything else in the body is never read. */
const PricedBodySchema = z.object({
  model: z.string().optional().catch(undefined),
  n: z.number().optional().catch(undefined),
  duration: z.number().optional().catch(undefined),
  size: z.string().optional().catch(undefined),
  max_tokens: z.number().int().min(0).optional().catch(undefined),
  max_completion_tokens: z.number().int().min(0).optional().catch(undefined),
});

export function callTermsOf(kind: LedgerKind, body: unknown): CallTerms {
  const parsed = PricedBodySchema.safeParse(typeof body === "string" ? parseJson(body) : null);
  if (!parsed.success) return { model: null, units: null, size: null, maxTokens: null };
  const { model = null, n, duration, size } = parsed.data;
  if (kind === "image") return { model, units: n ?? 1, size: size ?? DEFAULT_IMAGE_SIZE, maxTokens: null };
  if (kind === "video") {
    return { model, units: duration ?? DEFAULT_VIDEO_SECONDS, size: size ?? DEFAULT_VIDEO_SIZE, maxTokens: null };
  }
  const maxTokens = parsed.data.max_completion_tokens ?? parsed.data.max_tokens ?? null;
  return { model, units: null, size: null, maxTokens };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
