import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { RenderJobs, RenderKind, RenderReply, RenderRequest } from "./render-jobs.ts";

// The build emits the worker as a file of its own and rewrites this URL to it (vite.config.ts).
const WORKER_URL = new URL("./render-worker.ts", import.meta.url);

interface RenderPoolOptions {
  /** One worker per core but one, at most two: a core stays free for the app, and more would only queue. */
  readonly size?: number;
  /** The worker's module: the render worker unless a test stands in for it. */
  readonly workerUrl?: URL;
}

interface PendingJob {
  readonly request: RenderRequest;
  resolve(output: RenderJobs[RenderKind]["output"]): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  job: PendingJob | null;
}

/**
 * Pictures and clips are rendered, and reference images checked, on worker threads so that no
 * request waits behind that work. Workers start when the first job comes and are reused; one that
 * crashes fails its job and is replaced by the next job. An idle worker does not keep the process
 * alive.
 */
export class RenderPool {
  private readonly size: number;
  private readonly workerUrl: URL;
  private readonly slots = new Set<Slot>();
  private readonly queue: PendingJob[] = [];
  private nextId = 1;
  private closed = false;

  constructor({
    size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    workerUrl = WORKER_URL,
  }: RenderPoolOptions = {}) {
    this.size = size;
    this.workerUrl = workerUrl;
  }

  run<K extends RenderKind>(kind: K, input: RenderJobs[K]["input"]): Promise<RenderJobs[K]["output"]> {
    if (this.closed) return Promise.reject(new Error("the render pool is closed"));
    return new Promise<RenderJobs[RenderKind]["output"]>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, kind, input }, resolve, reject });
      this.dispatch();
    }) as Promise<RenderJobs[K]["output"]>;
  }

  /** Fails every queued and running job and ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("the render pool is closed"));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    for (let job = this.queue[0]; job; job = this.queue[0]) {
      const slot = this.idleSlot() ?? this.spawn();
      if (!slot) return;
      this.queue.shift();
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.request);
    }
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (slot.job === null) return slot;
    return undefined;
  }

  private spawn(): Slot | undefined {
    if (this.closed || this.slots.size >= this.size) return undefined;
    const slot: Slot = { worker: new Worker(this.workerUrl), job: null };
    slot.worker.on("message", (reply: RenderReply) => this.settle(slot, reply));
    slot.worker.on("error", (error) => this.lose(slot, error));
    slot.worker.on("exit", (code) => this.lose(slot, new Error(`the render worker stopped (exit code ${code})`)));
    this.slots.add(slot);
    return slot;
  }

  private settle(slot: Slot, reply: RenderReply): void {
    const job = slot.job;
    if (job?.request.id !== reply.id) return;
    slot.job = null;
    slot.worker.unref();
    if (reply.ok) job.resolve(reply.output);
    else job.reject(new Error(reply.message));
    this.dispatch();
  }

  /** A worker that crashed or exited takes its job down with it; the next job starts a fresh one. */
  private lose(slot: Slot, error: Error): void {
    // 'error' is followed by 'exit': the first of the two does the work.
    if (!this.slots.delete(slot)) return;
    slot.job?.reject(error);
    void slot.worker.terminate();
    this.dispatch();
  }
}
