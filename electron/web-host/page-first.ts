/** How long after the page's last file the next part waits: its next requests follow within a few ms. */
const GRACE_MS = 15;

/**
 * While the services' modules load (synchronous work: each part holds the thread for tens of
 * milliseconds), the page's files come first: `served` wraps the serving of each, and `giveWay`
 * settles once none is in flight and none was served just now.
 */
export class PageFirst {
  private inFlight = 0;
  private lastServedAt = -Infinity;
  private readonly waiting: (() => void)[] = [];

  async served<T>(serve: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await serve();
    } finally {
      this.inFlight--;
      this.lastServedAt = performance.now();
      if (this.inFlight === 0) this.wakeLater();
    }
  }

  /** After the requests already arrived (setImmediate runs once the loop has read them). */
  giveWay(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      setImmediate(() => this.wake());
    });
  }

  private wakeLater(): void {
    setTimeout(() => this.wake(), GRACE_MS);
  }

  private wake(): void {
    if (this.inFlight > 0) return;
    const quietFor = performance.now() - this.lastServedAt;
    if (quietFor < GRACE_MS) return void setTimeout(() => this.wake(), GRACE_MS - quietFor);
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
