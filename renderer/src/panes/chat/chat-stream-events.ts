import type { QueryClient } from "@tanstack/react-query";
import type { StreamEvent } from "../../../../shared/ipc/streams.ts";
import { queryKeys } from "../../api/queries.ts";
import { chatKeys } from "./chat-queries.ts";
import { useChatStore, type StartedReply } from "./chat-store.ts";

/** Events that arrived before the window learnt their stream id (the invoke's answer can come second). */
const early = new Map<string, StreamEvent[]>();
/**
 * Streams main has named for replies still drawn as pending, by the pending reply's id: nothing on
 * screen changes when a stream is named. The reply takes its name once its first words are painted
 * (or with the stream's first other event): the name says which stored messages the list leaves to
 * the live reply, so taking it draws the list again, which the first words need not wait for.
 */
const named = new Map<string, StartedReply>();
/** What waits for a reply's first text to be on screen (reading the conversation again), by stream. */
const afterFirstText = new Map<string, () => void>();

/**
 * Runs once the frame showing a reply's first text is painted: the work a new reply brings (the
 * conversation read again, the list re-sorted) would otherwise hold the page's main thread while the
 * first words wait in the socket.
 */
function firstTextShown(streamId: string): void {
  const then = afterFirstText.get(streamId);
  if (!then) return;
  afterFirstText.delete(streamId);
  requestAnimationFrame(() => setTimeout(then, 0));
}

/** Applies `event` to the live reply `liveId`: the stream's own, or the pending reply it has not named yet. */
async function apply(event: StreamEvent, liveId: string, queryClient: QueryClient): Promise<void> {
  const store = useChatStore.getState();
  switch (event.kind) {
    case "delta":
      store.deltaReceived(liveId, event.data.text);
      firstTextShown(event.streamId);
      break;
    case "usage":
      store.usageReceived(liveId, event.data);
      break;
    case "tools":
      store.toolsReceived(liveId, event.data.rounds);
      break;
    case "citations":
      store.sourcesReceived(liveId, event.data.sources);
      break;
    case "error":
      store.noticeReceived(liveId, event.data);
      break;
    case "waiting":
      store.waitReceived(liveId, Date.parse(event.data.until));
      break;
    case "done": {
      const { message } = event.data;
      // Reading the conversation again is what `done` does anyway.
      afterFirstText.delete(event.streamId);
      // A reply costs money, so the budget is stale; its refresh waits for the key's rate limit
      // in the background and must not hold the finished reply.
      void queryClient.invalidateQueries({ queryKey: queryKeys.budgets });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.detail(message.conversationId) }),
        queryClient.invalidateQueries({ queryKey: chatKeys.lists }),
      ]);
      store.replyEnded(liveId);
      forgetName(event.streamId);
      break;
    }
  }
}

/** The pending reply main named `streamId` for (its id, and the reply as named), while it has not taken that name. */
function pendingNamed(streamId: string): [string, StartedReply] | undefined {
  return [...named].find(([, reply]) => reply.streamId === streamId);
}

function takeName(streamId: string): void {
  const [pending, reply] = pendingNamed(streamId) ?? [];
  // A pending reply dropped meanwhile (its page's host lost) is not drawn again: its stream's events
  // still go to it, and change nothing, until the stream's end forgets the name.
  if (pending === undefined || reply === undefined || !useChatStore.getState().live[pending]) return;
  named.delete(pending);
  useChatStore.getState().replyStarted(reply, pending);
}

function forgetName(streamId: string): void {
  const [pending] = pendingNamed(streamId) ?? [];
  if (pending !== undefined) named.delete(pending);
}

/** The stream main named for the pending reply `pendingId`, before the reply has taken its name. */
export const streamNamedFor = (pendingId: string): string | undefined => named.get(pendingId)?.streamId;

/** Routes a stream event to the live transcript; events of streams not yet known wait for `replyStarted`. */
export function handleStreamEvent(event: StreamEvent, queryClient: QueryClient): void {
  if (event.kind !== "delta") takeName(event.streamId);
  const liveId = useChatStore.getState().live[event.streamId] ? event.streamId : pendingNamed(event.streamId)?.[0];
  if (liveId === undefined) {
    early.set(event.streamId, [...(early.get(event.streamId) ?? []), event]);
    return;
  }
  void apply(event, liveId, queryClient);
}

/**
 * Follows a reply's stream, in place of the pending reply `replacing` if it was drawn at Send (which
 * takes the stream's name as said above); `refresh` runs once its first text is painted (not at all if
 * it ends with no text).
 */
export function startLiveReply(
  reply: StartedReply,
  queryClient: QueryClient,
  refresh?: () => void,
  replacing?: string,
): void {
  const waiting = early.get(reply.streamId) ?? [];
  early.delete(reply.streamId);
  if (replacing !== undefined && waiting.length === 0) {
    named.set(replacing, reply);
    afterFirstText.set(reply.streamId, () => {
      takeName(reply.streamId);
      refresh?.();
    });
    return;
  }
  if (refresh) afterFirstText.set(reply.streamId, refresh);
  useChatStore.getState().replyStarted(reply, replacing);
  for (const event of waiting) void apply(event, reply.streamId, queryClient);
}
