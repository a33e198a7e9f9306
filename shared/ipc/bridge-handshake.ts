import { z } from "zod";

/**
 * How a web-host page and its host prove to each other that they share the host's per-run secret
 * before any call crosses the bridge, without either sending it: each answers the other's random
 * challenge with an HMAC-SHA256 of it under the secret. The page speaks first (`hello`), the host
 * answers with its proof and a challenge of its own (`proof`), the page answers that (`auth`) and
 * the host lets calls through (`ready`). A process that took the port after the host stopped
 * learns a random challenge only: it cannot prove itself, so the page sends it nothing else.
 */
export const BridgeHelloSchema = z.object({ t: z.literal("hello"), challenge: z.string().regex(/^[0-9a-f]{64}$/) });
export const BridgeProofSchema = z.object({
  t: z.literal("proof"),
  proof: z.string().regex(/^[0-9a-f]{64}$/),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
});
export const BridgeAuthSchema = z.object({ t: z.literal("auth"), proof: z.string().regex(/^[0-9a-f]{64}$/) });
export const BRIDGE_READY = { t: "ready" } as const;

/** Who is proving: each side's proof covers its role, so one side's answer is never valid for the other. */
type BridgeRole = "host" | "page";

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** A fresh challenge: 32 random bytes as hex. */
export function newChallenge(): string {
  return hex(crypto.getRandomValues(new Uint8Array(32)));
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

// The origin is part of what is signed: a proof made for one address is worth nothing at another.
const provenText = (role: BridgeRole, origin: string, challenge: string) =>
  encoder.encode(`modeldesk-bridge\n${role}\n${origin}\n${challenge}`);

/** `role`'s answer to `challenge` at `origin`, as hex. */
export async function bridgeProof(secret: string, role: BridgeRole, origin: string, challenge: string) {
  return hex(await crypto.subtle.sign("HMAC", await hmacKey(secret), provenText(role, origin, challenge)));
}

/** Whether `proof` is `role`'s answer to `challenge` at `origin` (compared in constant time by WebCrypto). */
export async function isBridgeProof(
  secret: string,
  role: BridgeRole,
  origin: string,
  challenge: string,
  proof: string,
): Promise<boolean> {
  const bytes = Uint8Array.from(proof.match(/[0-9a-f]{2}/g) ?? [], (pair) => parseInt(pair, 16));
  if (bytes.length !== 32) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, provenText(role, origin, challenge));
}
