/** `length` lowercase letters from a linear congruential generator: the same text for the same seed. */
export function seededLetters(length: number, seed: number): string {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return String.fromCharCode(97 + (state % 26));
  }).join("");
}
