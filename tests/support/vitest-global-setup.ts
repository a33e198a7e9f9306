import { useTestTempRoot } from "./test-temp-root.ts";

/** Vitest runs this once before the workers start; the function it returns runs after them. */
export default function setup(): () => void {
  return useTestTempRoot();
}
