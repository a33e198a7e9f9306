import type { ChatMessage, ChatStreamData } from "../../shared/ipc/chat.ts";
import type { Result } from "../../shared/ipc/result.ts";
import type { StreamEvent } from "../../shared/ipc/streams.ts";
import type { MainAgainstGateway } from "./main-core-fixture.ts";
import { recordingPage } from "./fake-page.ts";
import { waitUntil } from "./local-gateway.ts";

/** IPC calls to main as the window makes them, with a page that records the replies' streams. */
export function ipcSteps(main: MainAgainstGateway) {
  const { page, received } = recordingPage();
  const call = async <T>(channel: string, payload?: unknown): Promise<T> => {
    const result = (await main.core.route(channel, payload, page)) as Result<T>;
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.data;
  };
  return {
    call,
    /** The code main refuses a call with (the call must be refused). */
    refusal: async (channel: string, payload?: unknown): Promise<string> => {
      const result = await main.core.route(channel, payload, page);
      if (result.ok) throw new Error(`${channel} was accepted`);
      return result.error.code;
    },
    /** The reply of a stream, as it ended. */
    finished: async (streamId: string): Promise<ChatMessage> => {
      const events = await waitUntil(
        async () =>
          received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === streamId),
        (list) => list.some((event) => event.kind === "done"),
      );
      return (events.at(-1)!.data as ChatStreamData["done"]).message;
    },
    /** Saves a profile for a server and returns its id. */
    profile: async (name: string, baseUrl: string, key: string): Promise<string> =>
      (await call<{ id: string }>("profiles.save", { name, baseUrl, auth: "bearer", key })).id,
    /** The profiles whose servers were called for a conversation, from the request log. */
    profilesCalledFor: (conversationId: string): string[] =>
      main.services.db
        .prepare("SELECT DISTINCT profile_id FROM request_log WHERE conversation_id = ?")
        .all(conversationId)
        .map((row) => String(row.profile_id)),
  };
}
