import { lastFigure } from "./measure.ts";

/** How one bench ended: its figures printed, a failure, or its time limit passed. */
export type BenchOutcome = "done" | "failed" | "timed out";

/**
 * Runs one bench within `limitMs`. A bench that throws or outlives its limit is named with the
 * last figure it printed (so which one it was waiting for is plain), and the run goes on: a bench
 * that hangs must not keep every bench after it from running.
 */
export async function runWithin(name: string, bench: () => Promise<void>, limitMs: number): Promise<BenchOutcome> {
  const before = lastFigure();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<"timed out">((resolve) => {
    timer = setTimeout(() => resolve("timed out"), limitMs);
    timer.unref();
  });
  const outcome = await Promise.race([
    bench().then(
      () => "done" as const,
      (error: unknown) => {
        console.error(`bench ${name} failed:`, error);
        return "failed" as const;
      },
    ),
    limit,
  ]);
  clearTimeout(timer);
  if (outcome === "timed out") {
    const last = lastFigure();
    const after = last === before ? "before its first figure" : `after ${last}`;
    console.error(`bench ${name} timed out after ${Math.round(limitMs / 1000)} s, waiting for the figure ${after}`);
  }
  return outcome;
}
