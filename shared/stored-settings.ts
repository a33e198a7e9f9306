import { z } from "zod";
import { ModelsByKindSchema, ProfileAuthSchema, VideoLimitsSchema } from "./ipc/profiles.ts";

/**
 * A profile as the settings file holds it: the key only as ciphertext. Fields added after the
 * first release are optional, so settings written by any earlier version load; fields this
 * version does not know are kept.
 */
const StoredProfileSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  auth: ProfileAuthSchema,
  models: ModelsByKindSchema,
  rpm: z.number(),
  encryptedKey: z.string().nullable(),
  builtIn: z.boolean(),
  /** Absent in profiles saved before these settings existed: the defaults apply. */
  videoLimits: VideoLimitsSchema.optional(),
  maxWaitMinutes: z.number().optional(),
  /** Where the key may be sent; absent in profiles saved before keys were bound (then: their base URL). */
  keyBinding: z.object({ origin: z.string(), auth: ProfileAuthSchema }).optional(),
  /** The user accepted sending the key over plain http to a host that is not this machine. */
  allowInsecureHttp: z.boolean().optional(),
  /** Other origins the profile's results may come from (absent: none). */
  resultOrigins: z.array(z.string()).optional(),
});
export type StoredProfile = z.infer<typeof StoredProfileSchema>;

export const StoredProfilesSchema = z.array(StoredProfileSchema);

/**
 * What the settings file must look like before anything reads it: an object whose profiles are a
 * list of profiles. A file that parses but misses this shape is named, never read as empty (which
 * would drop every profile and its key on the next write).
 */
export const SettingsFileSchema = z.looseObject({
  profiles: StoredProfilesSchema.optional(),
  activeProfileId: z.string().optional(),
});
