/**
 * How big a bench run is. `npm run bench` runs every bench at its full size; `npm run bench -- --smoke`
 * runs each once at its smallest, so that a bench that throws or hangs is found in a minute or two
 * (CI runs it after the tests). A smoke run prints every figure, but at its sizes they mean nothing.
 */

/** What `npm run bench -- …` was given: `--smoke`, bench names, and any other option (an error). */
export interface BenchArgs {
  readonly smoke: boolean;
  readonly names: readonly string[];
  readonly unknownOptions: readonly string[];
}

export function benchArgs(args: readonly string[]): BenchArgs {
  const options = args.filter((arg) => arg.startsWith("-"));
  return {
    smoke: options.includes("--smoke"),
    names: args.filter((arg) => !arg.startsWith("-")),
    unknownOptions: options.filter((option) => option !== "--smoke"),
  };
}

/** Each bench's time limit in a smoke run: a hang fails in a minute, not in a full run's limit. */
export const SMOKE_LIMIT_MS = 60_000;

let size: "full" | "smoke" | null = null;

/** Chosen once by `run.ts` before any bench runs. */
export function chooseBenchSize(smoke: boolean): void {
  size = smoke ? "smoke" : "full";
}

/**
 * `full` in a full run, `smoke` in a smoke run. Read inside a bench as it runs: a module-level
 * constant would be read before the run chose its size, so that throws rather than run full-size.
 */
export function sized<T>(full: T, smoke: T): T {
  if (size === null) throw new Error("a bench read its size before the run chose one: call sized() as the bench runs");
  return size === "smoke" ? smoke : full;
}
