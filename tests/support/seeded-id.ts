import { seededRandom } from "../../electron/local-gateway/media/seeded-random.ts";

/** A UUID-shaped id drawn from `random`, so a seeded profile has the same ids at every run. */
export function seededId(random: () => number): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0"),
  ).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * UUID-shaped ids from a seed: their order is as arbitrary as random UUIDs' (so nothing may sort by
 * them), yet the same at every run, so a test that depends on it by mistake fails every time.
 */
export function seededIds(seed: number): () => string {
  const random = seededRandom(seed);
  return () => seededId(random);
}
