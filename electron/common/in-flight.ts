/** Work started on someone's behalf that has to end before what it writes to is closed. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Returns `work` itself: its caller still sees how it ends. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves once nothing tracked is running, including what was tracked while waiting. */
  async drained(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running);
  }
}
