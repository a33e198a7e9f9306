import { z } from "zod";
import { invalid, type ValidationCode } from "../text/validation-code.ts";

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

/** A whole number from 1 to `max`; every way to miss it is the one problem `code` names. */
const limit = (code: ValidationCode, max: number) =>
  z
    .number({ error: invalid(code) })
    .int(invalid(code))
    .min(1, invalid(code))
    .max(max, invalid(code));

export const VIDEO_LIMITS_MAX = { concurrent: 100, perMinute: 1000, perDay: 100_000 } as const;

/** The gateway's video limits for a key, held by the app (defaults 2 running, 5 a minute, 100 a day). */
export const VideoLimitsSchema = z.object({
  concurrent: limit("VIDEOS_AT_ONCE_INVALID", VIDEO_LIMITS_MAX.concurrent),
  perMinute: limit("VIDEOS_PER_MINUTE_INVALID", VIDEO_LIMITS_MAX.perMinute),
  perDay: limit("VIDEOS_PER_DAY_INVALID", VIDEO_LIMITS_MAX.perDay),
});
export type VideoLimitsSetting = z.infer<typeof VideoLimitsSchema>;
export const DEFAULT_VIDEO_LIMITS: VideoLimitsSetting = { concurrent: 2, perMinute: 5, perDay: 100 };
export const MAX_WAIT_MINUTES_RANGE = { min: 1, max: 24 * 60 } as const;
export const DEFAULT_MAX_WAIT_MINUTES = 15;

export const RESULT_ORIGINS_MAX = 20;

/** An origin written the way a browser writes one: http(s), a host, an optional port, nothing after. */
function isOriginText(text: string): boolean {
  const url = URL.parse(text);
  return url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.href === `${url.origin}/`;
}

/**
 * Origins a profile's results may come from besides its own host (object storage on another
 * machine, or a private address): one per line in Settings, kept as `URL.origin` writes them.
 */
const ResultOriginsSchema = z
  .array(
    z
      .string()
      .trim()
      .refine(isOriginText, invalid("RESULT_ORIGIN_INVALID"))
      .transform((text) => new URL(text).origin),
  )
  .max(RESULT_ORIGINS_MAX, invalid("TOO_MANY_RESULT_ORIGINS"));

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
  /** At most the last two characters of the key; null for short keys. */
  keyHint: z.string().nullable(),
  allowInsecureHttp: z.boolean(),
  resultOrigins: z.array(z.string()),
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

/** This machine: the only place a key may travel to over plain http without a confirmation. */
function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Whether this address sends the key in clear text to another machine. */
export function isInsecureRemoteUrl(url: string): boolean {
  return URL.canParse(url) && new URL(url).protocol === "http:" && !isLoopbackUrl(url);
}

/** A stored key is kept only while it goes to the same origin the same way. */
export function keyMustBeEnteredAgain(
  saved: { baseUrl: string; auth: ProfileAuth },
  next: { baseUrl: string; auth: ProfileAuth },
): boolean {
  if (!URL.canParse(next.baseUrl)) return false;
  return new URL(saved.baseUrl).origin !== new URL(next.baseUrl).origin || saved.auth !== next.auth;
}

/**
 * Saving a profile: `key` is write-only; leave it out to keep the stored one (kept only while the
 * origin and auth mode stay the same).
 */
export const ProfileInputSchema = z
  .object({
    id: z.string().min(1).optional(),
    name: z.string().trim().min(1, invalid("NAME_REQUIRED")).max(PROFILE_NAME_MAX, invalid("NAME_TOO_LONG")),
    baseUrl: z
      .string()
      .trim()
      .url(invalid("BASE_URL_INVALID"))
      .refine((url) => /^https?:\/\//i.test(url), invalid("BASE_URL_SCHEME")),
    auth: ProfileAuthSchema,
    models: ModelsByKindSchema.optional(),
    rpm: z
      .number({ error: invalid("RPM_INVALID") })
      .int(invalid("RPM_INVALID"))
      .min(RPM_RANGE.min, invalid("RPM_INVALID"))
      .max(RPM_RANGE.max, invalid("RPM_INVALID"))
      .optional(),
    videoLimits: VideoLimitsSchema.optional(),
    maxWaitMinutes: limit("MAX_WAIT_INVALID", MAX_WAIT_MINUTES_RANGE.max).optional(),
    key: z
      .string()
      .trim()
      .min(8, invalid("KEY_TOO_SHORT"))
      .max(512, invalid("KEY_TOO_LONG"))
      .regex(/^[\x21-\x7e]+$/, invalid("KEY_CHARACTERS"))
      .optional(),
    /** The user confirmed sending the key over plain http to a host that is not this machine. */
    allowInsecureHttp: z.boolean().optional(),
    resultOrigins: ResultOriginsSchema.optional(),
  })
  .superRefine((input, context) => {
    if (isInsecureRemoteUrl(input.baseUrl) && input.allowInsecureHttp !== true) {
      context.addIssue({ code: "custom", path: ["baseUrl"], message: invalid("INSECURE_HTTP") });
    }
  });
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const ProfileIdSchema = z.object({ id: z.string().min(1) });
