import { z } from "zod";
import type { ApiTransport } from "../../../shared/ipc/desktop-api.ts";
import { UnknownResultSchema, type Result } from "../../../shared/ipc/result.ts";
import type { HostConnection } from "./host-connection.ts";
import { openProvenBridge } from "./host-handshake.ts";

interface Pending {
  resolve(result: Result<unknown>): void;
}

/**
 * What the host's bridge (electron/web-host/ws-bridge.ts) sends: a call's answer or an event. Payloads
 * stay `unknown` here, as they do from the preload, until createDesktopApi.
 */
const FrameSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("result"), id: z.number(), result: UnknownResultSchema }),
  z.object({ t: z.literal("event"), event: z.string(), payload: z.unknown() }),
]);

const RECONNECT_EVERY_MS = 1000;
const DISCONNECTED = {
  ok: false,
  error: {
    code: "HOST_DISCONNECTED",
    message: "The connection to the app host was lost.",
    text: { code: "HOST_DISCONNECTED", params: {} },
  },
} as const;

/**
 * The web host's stand-in for the preload: the same contract over a WebSocket to the host. Each
 * connection first proves, both ways, that page and host share the host's per-run `secret`
 * (host-handshake.ts); until then nothing is sent. A lost socket is reported at once and retried
 * every second; calls made meanwhile fail with a result value. An answer that cannot prove it is
 * this page's host ends the page's link for good (`lost`): a new run has a new secret.
 */
export function webSocketTransport(
  url: string,
  secret: string | null,
  onStatus: (status: HostConnection) => void,
): ApiTransport {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | null = null;

  const onMessage = (message: MessageEvent) => {
    const parsed = FrameSchema.safeParse(JSON.parse(String(message.data)));
    // Not a frame the host's bridge writes: nothing waits for it.
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.t === "result") {
      pending.get(frame.id)?.resolve(frame.result);
      pending.delete(frame.id);
    } else {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  };

  // Once lost, always lost: nothing this page can do brings its host back.
  let lost = false;
  const report = (status: HostConnection) => {
    if (lost) return;
    lost = status === "lost";
    onStatus(status);
  };
  const retryLater = () => setTimeout(() => void (connecting = connect()), RECONNECT_EVERY_MS);

  const onClose = () => {
    socket = null;
    for (const call of pending.values()) call.resolve(DISCONNECTED);
    pending.clear();
    report("reconnecting");
    retryLater();
  };

  const connect = async (): Promise<boolean> => {
    const attempt = secret === null ? null : await openProvenBridge(url, secret, location.origin);
    if (attempt === null || attempt.outcome === "impostor") {
      report("lost");
      return false;
    }
    if (attempt.outcome === "unreachable") {
      report("reconnecting");
      retryLater();
      return false;
    }
    socket = attempt.socket;
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", onClose, { once: true });
    report("connected");
    return true;
  };
  let connecting = connect();

  const call = (open: WebSocket, channel: string, payload: unknown) =>
    new Promise<Result<unknown>>((resolve) => {
      const id = nextId++;
      pending.set(id, { resolve });
      open.send(JSON.stringify({ t: "invoke", id, channel, payload }));
    });

  return {
    // On a link already proven the call leaves at once: the page's work that follows it (drawing the
    // question just sent) would otherwise go first.
    invoke(channel, payload) {
      if (socket?.readyState === WebSocket.OPEN) return call(socket, channel, payload);
      return connecting.then((connected) =>
        connected && socket?.readyState === WebSocket.OPEN ? call(socket, channel, payload) : DISCONNECTED,
      );
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}
