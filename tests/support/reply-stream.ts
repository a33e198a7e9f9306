import type { ChatMessage, ChatStreamData } from "../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../shared/ipc/streams.ts";
import type { ToolRound } from "../../shared/ipc/tool-rounds.ts";
import { waitUntil } from "./local-gateway.ts";

/** What a recording page received: each payload sent to the window. */
export type Recorded = readonly { payload: unknown }[];

const eventsOf = (received: Recorded, streamId: string) =>
  received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === streamId);

/** The tool rounds a reply's stream last showed, once `ready` holds of them. */
export async function roundsWhen(received: Recorded, streamId: string, ready: (rounds: ToolRound[]) => boolean) {
  const events = await waitUntil(
    async () => eventsOf(received, streamId).filter((event) => event.kind === "tools"),
    (list) => list.length > 0 && ready((list.at(-1)!.data as ChatStreamData["tools"]).rounds),
  );
  return (events.at(-1)!.data as ChatStreamData["tools"]).rounds;
}

/** The reply as its stream's `done` event settled it. */
export async function doneOf(received: Recorded, streamId: string): Promise<ChatMessage> {
  const events = await waitUntil(
    async () => eventsOf(received, streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  return (events.at(-1)!.data as ChatStreamData["done"]).message;
}

/** The last call of the last round. */
export const lastCall = (rounds: readonly ToolRound[]) => rounds.at(-1)?.calls.at(-1);
