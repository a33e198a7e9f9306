/**
 * Joins text deltas so a stream sends at most one message per frame (~16 ms), however fast the
 * gateway streams; `flush()` sends what is pending at once (before done, stop or error).
 */
export class DeltaCoalescer {
  private readonly send: (text: string) => void;
  private readonly intervalMs: number;
  private pending = "";
  private lastSentAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(send: (text: string) => void, intervalMs = 16) {
    this.send = send;
    this.intervalMs = intervalMs;
  }

  push(text: string): void {
    this.pending += text;
    if (this.timer) return;
    const wait = this.lastSentAt + this.intervalMs - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === "") return;
    const text = this.pending;
    this.pending = "";
    this.lastSentAt = performance.now();
    this.send(text);
  }
}
