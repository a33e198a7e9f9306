import { estimateCompletion, type DurationPrior, type ProgressSample } from "./completion-estimate.ts";
import { durationClassOf, type ModelDurations } from "./model-durations.ts";
import type { TaskOutlook } from "./poll-policy.ts";
import type { TaskRow } from "./task-table.ts";

/** Enough readings to see the rate; older ones only describe a phase that has passed. */
const SAMPLES_KEPT = 6;
/** Running tasks whose progress has moved, needed before their pace stands for their model's. */
const PEERS_NEEDED = 2;
/** Estimates from progress are not completions: never trust their agreement more than this share of their mean. */
const PEER_SPREAD_SHARE = 0.1;

interface Watched {
  readonly durationClass: string;
  readonly submittedAt: number;
  readonly samples: readonly ProgressSample[];
}

/**
 * What the polls saw of each running task's progress, and what its model's earlier tasks took:
 * together, when the task is expected to complete. Until its model's history is settled, a task
 * not yet seen moving is expected to take what its running peers (same model and size) are taking.
 * Readings live in memory; after a restart a task is expected from its model's history until its
 * progress moves again.
 */
export class TaskObservations {
  private readonly durations: ModelDurations;
  private readonly watched = new Map<string, Watched>();
  /** Each duration class's prior from its running peers (null: too few), until a reading of the class changes. */
  private readonly peerPriors = new Map<string, DurationPrior | null>();

  constructor(durations: ModelDurations) {
    this.durations = durations;
  }

  note(row: TaskRow, sample: ProgressSample): void {
    const kept = this.watched.get(row.id)?.samples ?? [];
    const durationClass = durationClassOf(row);
    this.peerPriors.delete(durationClass);
    this.watched.set(row.id, {
      durationClass,
      submittedAt: this.submittedAt(row),
      samples: [...kept, sample].slice(-SAMPLES_KEPT),
    });
  }

  outlook(row: TaskRow, statusChanged: boolean): TaskOutlook {
    const submittedAt = this.submittedAt(row);
    const samples = this.watched.get(row.id)?.samples ?? [];
    return {
      kind: row.kind,
      submittedAt,
      lastSeenAt: samples.at(-1)?.at ?? submittedAt,
      statusChanged,
      previousIntervalMs: row.poll_interval_ms,
      estimate: estimateCompletion(submittedAt, samples, this.priorFor(row)),
    };
  }

  /**
   * When a running task is expected to complete, to show the user: only once it rests on something
   * seen (its progress moving, or its model's earlier completions), never on the first guess alone.
   */
  expectedAt(row: TaskRow): number | null {
    if (row.status !== "queued" && row.status !== "processing") return null;
    const samples = this.watched.get(row.id)?.samples ?? [];
    const moved = samples.some((sample) => sample.progress > 0 && sample.progress < 100);
    if (!moved && !this.durations.hasHistory(row)) return null;
    const { expectedAt } = this.outlook(row, false).estimate;
    return Number.isFinite(expectedAt) ? expectedAt : null;
  }

  /**
   * Seen complete at `now`: it took what the gateway says (`tookMs`) or, when it does not say,
   * it completed on average halfway since the last reading.
   */
  completed(row: TaskRow, now: number, tookMs: number | undefined): void {
    const submittedAt = this.submittedAt(row);
    const lastSeenAt = this.watched.get(row.id)?.samples.at(-1)?.at ?? submittedAt;
    this.durations.record(row, tookMs ?? (lastSeenAt + now) / 2 - submittedAt);
    this.forget(row.id);
  }

  forget(id: string): void {
    const watched = this.watched.get(id);
    if (watched) this.peerPriors.delete(watched.durationClass);
    this.watched.delete(id);
  }

  private priorFor(row: TaskRow): DurationPrior {
    const history = this.durations.priorFor(row);
    if (history.settled) return history;
    const durationClass = durationClassOf(row);
    let peers = this.peerPriors.get(durationClass);
    if (peers === undefined) {
      peers = this.peerPrior(durationClass);
      this.peerPriors.set(durationClass, peers);
    }
    return peers ?? history;
  }

  /**
   * What the running tasks of a duration class are expected to take, from their own progress; null
   * while too few have moved. Only a task not seen moving uses a prior, so none is its own peer.
   */
  private peerPrior(durationClass: string): DurationPrior | null {
    const unknown = { meanMs: 0, spreadMs: 0 };
    const peers = [...this.watched.values()]
      .filter(
        (peer) =>
          peer.durationClass === durationClass &&
          peer.samples.some((sample) => sample.progress > 0 && sample.progress < 100),
      )
      .map((peer) => estimateCompletion(peer.submittedAt, peer.samples, unknown).expectedAt - peer.submittedAt);
    if (peers.length < PEERS_NEEDED) return null;
    const meanMs = peers.reduce((sum, ms) => sum + ms, 0) / peers.length;
    const variance = peers.reduce((sum, ms) => sum + (ms - meanMs) ** 2, 0) / (peers.length - 1);
    return { meanMs, spreadMs: Math.max(Math.sqrt(variance), meanMs * PEER_SPREAD_SHARE) };
  }

  private submittedAt(row: TaskRow): number {
    return row.submitted_at ?? row.created_at;
  }
}
