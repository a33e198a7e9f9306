import { createHash } from "node:crypto";

/** A 32-bit seed derived from any number of strings, stable across runs and platforms. */
export function seedFrom(...parts: string[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32LE(0);
}

/** mulberry32: small, fast and good enough to place shapes deterministically. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
