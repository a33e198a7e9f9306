import { z } from "zod";
import { BUILT_IN_MODELS } from "./model-catalog.ts";

const nonNegative = z.number().min(0);

const ModelRatesSchema = z.object({
  /** CNY per 1,000 input tokens (chat and search models). */
  inputPer1kTokens: nonNegative.optional(),
  /** CNY per 1,000 output tokens (chat and search models). */
  outputPer1kTokens: nonNegative.optional(),
  /** CNY per request (search models), per image (image models) or per second of video (video models). */
  perUnit: nonNegative.optional(),
  /** Per image or second of video at a size (`1920x1080`), where it differs from `perUnit`; never published. */
  perUnitBySize: z.record(z.string(), nonNegative).optional(),
});

const ModelConfigSchema = z.object({
  code: z.string().min(1),
  kind: z.enum(["chat", "search", "image", "video"]),
  syncMode: z.enum(["sync", "async"]).default("async"),
  online: z.boolean().default(true),
  fault: z.enum(["upstream", "timeout", "stream-cut"]).nullable().default(null),
  price: ModelRatesSchema.optional(),
  /** Whether the model takes images in its messages; chat models do unless this says otherwise. */
  imageInput: z.boolean().optional(),
  /** Whether the model takes tools; chat models do unless this says otherwise. */
  tools: z.boolean().optional(),
});
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
export type ModelKind = ModelConfig["kind"];

const TenantConfigSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  topupBalance: nonNegative.default(0),
  giftBalance: nonNegative.default(0),
});

const KeyConfigSchema = z.object({
  key: z.string().min(8),
  tenant: z.string().min(1),
  id: z.string().min(1),
  name: z.string().min(1),
  dailyBudget: nonNegative.nullable().default(null),
  monthlyBudget: nonNegative.nullable().default(null),
  rpm: z.number().int().min(1).default(60),
  tpm: z.number().int().min(1).default(100_000),
  models: z.array(z.string()).optional(),
});

const GatewayConfigSchema = z
  .object({
    /** Multiplies every simulated duration (text pace, image and video generation); 0 means instant. */
    timeScale: nonNegative.default(1),
    tenants: z.array(TenantConfigSchema).default([]),
    keys: z.array(KeyConfigSchema).default([]),
    videoLimits: z
      .object({
        perMinute: z.number().int().min(1).default(5),
        perDay: z.number().int().min(1).default(100),
        concurrent: z.number().int().min(1).default(2),
      })
      .default({ perMinute: 5, perDay: 100, concurrent: 2 }),
    models: z.array(ModelConfigSchema).optional(),
    /** Output pace of text models, before timeScale. */
    tokensPerSecond: z.number().positive().default(40),
    firstTokenDelayMs: nonNegative.default(400),
    /**
     * How long after a client closes a stream the gateway charges for the part delivered (real
     * milliseconds): a gateway that settles a cut stream asynchronously, as billing pipelines do.
     */
    stoppedChargeDelayMs: nonNegative.default(0),
    /** Generation time ranges in seconds, before timeScale. */
    syncImageSeconds: z.tuple([nonNegative, nonNegative]).default([2, 4]),
    asyncImageSeconds: z.tuple([nonNegative, nonNegative]).default([10, 30]),
    videoSeconds: z.tuple([nonNegative, nonNegative]).default([60, 300]),
    /** Share of a task's time it spends `queued` before it starts (from, to). */
    queuedShare: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]).default([0.1, 0.2]),
    /** How long completed results stay before the task turns `expired` (real seconds). */
    taskRetentionSeconds: z
      .number()
      .positive()
      .default(24 * 3600),
    /** Length of the RPM/TPM and video-per-minute windows (real seconds). */
    rateLimitWindowSeconds: z.number().positive().default(60),
    /** Whether the model list carries each model's `pricing` (off: a server that publishes no prices). */
    publishPrices: z.boolean().default(true),
    /** Offset of the billing day used for daily and monthly resets. */
    utcOffset: z
      .string()
      .regex(/^[+-]\d{2}:\d{2}$/)
      .default("+08:00"),
    maxBodyBytes: z
      .number()
      .int()
      .min(1024)
      .default(16 * 1024 * 1024),
  })
  .transform((config) => ({ ...config, models: config.models ?? BUILT_IN_MODELS }))
  .superRefine((config, context) => {
    const tenantIds = new Set(config.tenants.map((tenant) => tenant.id));
    for (const [index, key] of config.keys.entries()) {
      if (!tenantIds.has(key.tenant)) {
        context.addIssue({
          code: "custom",
          path: ["keys", index, "tenant"],
          message: `unknown tenant "${key.tenant}"`,
        });
      }
    }
  });

export type GatewayConfigInput = z.input<typeof GatewayConfigSchema>;
export type GatewayConfig = z.output<typeof GatewayConfigSchema>;

export function parseGatewayConfig(input: unknown): GatewayConfig {
  const result = GatewayConfigSchema.safeParse(input ?? {});
  if (!result.success) {
    throw new Error(`Invalid gateway config: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
