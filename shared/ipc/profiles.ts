import { z } from "zod";

export const PROFILE_AUTH_MODES = ["bearer", "x-api-key"] as const;
export const ProfileAuthSchema = z.enum(PROFILE_AUTH_MODES);
export type ProfileAuth = z.infer<typeof ProfileAuthSchema>;

export const MODEL_KINDS = ["chat", "search", "image", "video"] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/** Known model codes per kind: suggestions and defaults, since the spec has no model list. */
export const ModelsByKindSchema = z.object({
  chat: z.array(z.string().min(1)).default([]),
  search: z.array(z.string().min(1)).default([]),
  image: z.array(z.string().min(1)).default([]),
  video: z.array(z.string().min(1)).default([]),
});
export type ModelsByKind = z.infer<typeof ModelsByKindSchema>;

const limit = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be between 1 and ${max}`)
    .max(max, `${label} must be between 1 and ${max}`);

/** The gateway's video limits for a key, held by the app (defaults 2 running, 5 a minute, 100 a day). */
export const VideoLimitsSchema = z.object({
  concurrent: limit("Videos at once", 100),
  perMinute: limit("Videos per minute", 1000),
  perDay: limit("Videos per day", 100_000),
});
export type VideoLimitsSetting = z.infer<typeof VideoLimitsSchema>;
export const DEFAULT_VIDEO_LIMITS: VideoLimitsSetting = { concurrent: 2, perMinute: 5, perDay: 100 };
export const MAX_WAIT_MINUTES_RANGE = { min: 1, max: 24 * 60 } as const;
export const DEFAULT_MAX_WAIT_MINUTES = 15;

/** A profile as the window sees it: never the key, only whether there is one and its last characters. */
export const ProfileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  auth: ProfileAuthSchema,
  models: ModelsByKindSchema,
  rpm: z.number().int(),
  videoLimits: VideoLimitsSchema,
  maxWaitMinutes: z.number().int(),
  hasKey: z.boolean(),
  keyHint: z.string().nullable(),
  /** The embedded local gateway's profile. */
  builtIn: z.boolean(),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

export const ProfilesStateSchema = z.object({
  profiles: z.array(ProfileViewSchema),
  activeId: z.string().nullable(),
});
export type ProfilesState = z.infer<typeof ProfilesStateSchema>;

export const PROFILE_NAME_MAX = 80;
export const RPM_RANGE = { min: 1, max: 100_000 } as const;

/** Saving a profile: `key` is write-only; leave it out to keep the stored one. */
export const ProfileInputSchema = z.object({
  id: z.string().min(1).optional(),
  name: z
    .string()
    .trim()
    .min(1, "Name is required")
    .max(PROFILE_NAME_MAX, `Name must be at most ${PROFILE_NAME_MAX} characters`),
  baseUrl: z
    .string()
    .trim()
    .url("Base URL must be a URL such as https://gateway.example.com")
    .refine((url) => /^https?:\/\//i.test(url), "Base URL must start with http:// or https://"),
  auth: ProfileAuthSchema,
  models: ModelsByKindSchema.optional(),
  rpm: z
    .number()
    .int("RPM must be a whole number")
    .min(RPM_RANGE.min, `RPM must be between ${RPM_RANGE.min} and ${RPM_RANGE.max}`)
    .max(RPM_RANGE.max, `RPM must be between ${RPM_RANGE.min} and ${RPM_RANGE.max}`)
    .optional(),
  videoLimits: VideoLimitsSchema.optional(),
  maxWaitMinutes: limit("Maximum wait", MAX_WAIT_MINUTES_RANGE.max).optional(),
  key: z
    .string()
    .trim()
    .min(8, "The API key is too short")
    .max(512, "The API key is too long")
    .regex(/^[\x21-\x7e]+$/, "The API key may contain only visible ASCII characters, without spaces")
    .optional(),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const ProfileIdSchema = z.object({ id: z.string().min(1) });
