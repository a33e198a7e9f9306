import { estimateCompletion, type ProgressSample } from "./completion-estimate.ts";
import type { ModelDurations } from "./model-durations.ts";
import type { TaskOutlook } from "./poll-policy.ts";
import type { TaskRow } from "./task-repository.ts";

/** Enough readings to see the rate; older ones only describe a phase that has passed. */
const SAMPLES_KEPT = 6;

/**
 * What the polls saw of each running task's progress, and what its model's earlier tasks took:
 * together, when the task is expected to complete. Readings live in memory; after a restart a
 * task is expected from its model's history until its progress moves again.
 */
export class TaskObservations {
  private readonly durations: ModelDurations;
  private readonly samples = new Map<string, ProgressSample[]>();

  constructor(durations: ModelDurations) {
    this.durations = durations;
  }

  note(id: string, sample: ProgressSample): void {
    const kept = this.samples.get(id) ?? [];
    kept.push(sample);
    this.samples.set(id, kept.slice(-SAMPLES_KEPT));
  }

  outlook(row: TaskRow, statusChanged: boolean): TaskOutlook {
    const submittedAt = this.submittedAt(row);
    const samples = this.samples.get(row.id) ?? [];
    return {
      kind: row.kind,
      submittedAt,
      lastSeenAt: samples.at(-1)?.at ?? submittedAt,
      statusChanged,
      previousIntervalMs: row.poll_interval_ms,
      estimate: estimateCompletion(submittedAt, samples, this.durations.priorFor(row)),
    };
  }

  /**
   * Seen complete at `now`: it took what the gateway says (`tookMs`) or, when it does not say,
   * it completed on average halfway since the last reading.
   */
  completed(row: TaskRow, now: number, tookMs: number | undefined): void {
    const submittedAt = this.submittedAt(row);
    const lastSeenAt = this.samples.get(row.id)?.at(-1)?.at ?? submittedAt;
    this.durations.record(row, tookMs ?? (lastSeenAt + now) / 2 - submittedAt);
    this.forget(row.id);
  }

  forget(id: string): void {
    this.samples.delete(id);
  }

  private submittedAt(row: TaskRow): number {
    return row.submitted_at ?? row.created_at;
  }
}
