import { setTimeout as sleep } from "node:timers/promises";

/** Simulated time: every configured duration is multiplied by the gateway's timeScale. */
export class Pacing {
  private readonly timeScale: number;
  private readonly tokensPerSecond: number;
  private readonly firstTokenDelayMs: number;

  constructor(timeScale: number, tokensPerSecond: number, firstTokenDelayMs: number) {
    this.timeScale = timeScale;
    this.tokensPerSecond = tokensPerSecond;
    this.firstTokenDelayMs = firstTokenDelayMs;
  }

  scaled(ms: number): number {
    return ms * this.timeScale;
  }

  /** A duration drawn from `[min, max]` seconds by `fraction` (0..1), scaled, in ms. */
  durationBetween([min, max]: readonly [number, number], fraction: number): number {
    return this.scaled((min + (max - min) * fraction) * 1000);
  }

  /** When the piece at `index` is due, in ms after the response started. */
  pieceDueMs(index: number): number {
    return this.scaled(this.firstTokenDelayMs + (index * 1000) / this.tokensPerSecond);
  }

  async wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    await sleep(ms, undefined, signal ? { signal } : undefined);
  }
}
