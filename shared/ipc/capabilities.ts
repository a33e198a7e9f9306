import { z } from "zod";

/** Endpoints beyond chat completions that a server may or may not offer. */
export const FEATURES = ["balance", "messages", "search", "images", "video"] as const;
export type Feature = (typeof FEATURES)[number];

/** The kinds a server's list gives its models (`other`: a kind no pane uses, such as embeddings). */
const ListedKindSchema = z.enum(["chat", "search", "image", "video", "other"]);
export const LISTED_KINDS = ListedKindSchema.options;
/** A model's kind as a server's list gives it. */
export type ListedKind = z.infer<typeof ListedKindSchema>;

/** `unknown` until the app has asked (on save, Test connection, or first use). */
const FeatureStateSchema = z.enum(["unknown", "offered", "missing"]);
export type FeatureState = z.infer<typeof FeatureStateSchema>;

export const ServerCapabilitiesSchema = z.object({
  profileId: z.string(),
  /** Model codes from `GET /v1/models`; null where the server has no such list. */
  models: z.array(z.string()).nullable(),
  features: z.object({
    balance: FeatureStateSchema,
    messages: FeatureStateSchema,
    search: FeatureStateSchema,
    images: FeatureStateSchema,
    video: FeatureStateSchema,
  }),
  checkedAt: z.string().nullable(),
  /**
   * Which models take images, where known: from the model list where the server says so (input
   * modalities), else learnt from a refusal. A model not named here is tried.
   */
  imageInput: z.record(z.string(), z.enum(["takes", "refuses"])).optional(),
  /**
   * Which models take tools, where known: from the model list where the server says so (its
   * supported parameters or capabilities), else learnt from a refusal. A model not named here is tried.
   */
  toolInput: z.record(z.string(), z.enum(["takes", "refuses"])).optional(),
  /** The kind the server's list gives a model, where it gives one. Absent for a list recorded before kinds were kept. */
  modelKinds: z.record(z.string(), ListedKindSchema).optional(),
  /** Models the server's list says fail on purpose (the local gateway's fault models), to try error handling. */
  testModels: z.array(z.string()).optional(),
});
/** Whether a model takes a kind of input (images, tools), as its server said or showed by refusing it. */
export type ModelTakes = "takes" | "refuses";
export type ServerCapabilities = z.infer<typeof ServerCapabilitiesSchema>;

export const CapabilitiesRequestSchema = z.object({ profileId: z.string().min(1).optional() });

/** Test connection: who answered and through which endpoint (balance where offered, else models, else chat). */
export const ConnectionCheckSchema = z.object({
  via: z.enum(["balance", "models", "chat"]),
  keyName: z.string().nullable(),
  balance: z.number().nullable(),
  currency: z.string().nullable(),
  models: z.number().int().nullable(),
  latencyMs: z.number(),
  requestId: z.string().nullable(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheckSchema>;
