import type { ChatSettings } from "../../shared/ipc/chat.ts";
import type { Page } from "../../electron/common/pages.ts";
import type { AppServices } from "../../electron/services/app-services.ts";
import { StreamEventSchema } from "../../shared/ipc/streams.ts";

export interface Relayed {
  readonly firstTokenMs: number;
  readonly totalMs: number;
  readonly text: string;
  readonly stored: string;
}

export interface RelayOptions {
  /** Stops at the first delta, as a reload would: the page closes and the gateway stops sending. */
  readonly untilFirstToken?: boolean;
  /** The new conversation's settings instead of the defaults. */
  readonly settings?: Partial<ChatSettings>;
  /** Called just before Send, once the conversation is made. */
  readonly atSend?: () => void;
  /** Called as `done` reaches the page, before anything the services do after it. */
  readonly atDone?: () => void;
}

/** One reply in a new conversation through the app's main-process path, as the window would receive it. */
export function relay(services: AppServices, prompt: string, options: RelayOptions = {}): Promise<Relayed> {
  const closed = new AbortController();
  const conversation = services.conversations.create({ ...services.chat.defaultSettings(), ...options.settings });
  return new Promise((resolve, reject) => {
    let firstTokenMs: number | null = null;
    let text = "";
    const page: Page = {
      id: `bench-${prompt}`,
      closed: closed.signal,
      send(_event, payload) {
        const event = StreamEventSchema.safeParse(payload);
        if (!event.success) return;
        if (event.data.kind === "delta") {
          firstTokenMs ??= performance.now() - started;
          text += event.data.data.text;
          if (options.untilFirstToken) closed.abort();
        }
        if (options.untilFirstToken && firstTokenMs !== null) {
          return resolve({ firstTokenMs, totalMs: firstTokenMs, text, stored: "" });
        }
        if (event.data.kind === "done") {
          const totalMs = performance.now() - started;
          options.atDone?.();
          if (firstTokenMs === null) return reject(new Error("the reply ended before any text"));
          resolve({ firstTokenMs, totalMs, text, stored: event.data.data.message.content });
        }
        if (event.data.kind === "error") reject(new Error(`the relay failed: ${JSON.stringify(event.data.data)}`));
      },
    };
    options.atSend?.();
    const started = performance.now();
    services.chat.send(page, conversation.id, prompt, false).catch(reject);
  });
}
