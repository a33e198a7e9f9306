import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The per-run secrets of a web host. `secret` is printed once, in the address to open; the page
 * keeps it in memory and proves it holds it on the bridge without sending it. `mediaCapability`,
 * derived from it, is the part of a stored file's address that lets the page show it: it opens
 * media only, so an address copied out of the page gives nothing more.
 */
interface HostAccess {
  readonly secret: string;
  readonly mediaCapability: string;
}

export function newHostAccess(): HostAccess {
  const secret = randomBytes(24).toString("hex");
  return { secret, mediaCapability: mediaCapabilityOf(secret) };
}

export const mediaCapabilityOf = (secret: string) => createHmac("sha256", secret).update("media").digest("hex");

/** Where the page finds stored file `id`. */
export const mediaAddress = (capability: string, id: string) => `/media/${capability}/${id}`;

/** Compares bytes, not characters: timingSafeEqual throws on buffers of different lengths. */
export function sameSecret(candidate: string | null | undefined, secret: string): boolean {
  if (candidate === null || candidate === undefined) return false;
  const given = Buffer.from(candidate);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
