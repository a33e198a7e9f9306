import { secondsUntil } from "../../components/use-now.ts";
import type { LiveReply } from "./chat-store.ts";

/**
 * Whole seconds until a refused request is sent again, from a clock that may not have ticked since
 * the refusal arrived (it ticks faster from then on): until it has, the refusal's own time counts.
 */
export function retrySecondsLeft(notice: NonNullable<LiveReply["notice"]>, now: number): number {
  return Math.max(0, secondsUntil(notice.at + (notice.retryAfter ?? 0) * 1000, Math.max(now, notice.at)));
}
