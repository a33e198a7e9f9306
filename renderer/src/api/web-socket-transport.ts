import type { ApiTransport } from "../../../shared/ipc/desktop-api.ts";
import type { EventChannel } from "../../../shared/ipc/contract.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import type { HostConnection } from "./host-connection.ts";

interface Pending {
  resolve(result: Result<unknown>): void;
}

type Frame =
  { t: "result"; id: number; result: Result<unknown> } | { t: "event"; event: EventChannel; payload: unknown };

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
 * The web host's stand-in for the preload: the same contract over a WebSocket to the host (the
 * access token travels as an HttpOnly cookie, never through this code). A lost socket is reported
 * at once and retried every second; calls made meanwhile fail with a result value.
 */
export function webSocketTransport(url: string, onStatus: (status: HostConnection) => void): ApiTransport {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket;
  let opened: Promise<boolean>;

  const onMessage = (message: MessageEvent) => {
    // Written by the host's own bridge (electron/web-host/ws-bridge.ts) from these same shapes, as main
    // writes IPC messages for the preload; payloads stay `unknown` here, as there, until createDesktopApi.
    const frame = JSON.parse(String(message.data)) as Frame;
    if (frame.t === "result") {
      pending.get(frame.id)?.resolve(frame.result);
      pending.delete(frame.id);
    } else {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    }
  };

  const retryLater = () => setTimeout(() => void reconnect(), RECONNECT_EVERY_MS);

  const onClose = () => {
    for (const call of pending.values()) call.resolve(DISCONNECTED);
    pending.clear();
    onStatus("reconnecting");
    retryLater();
  };

  const connect = async (): Promise<boolean> => {
    socket = new WebSocket(url);
    opened = new Promise((resolve) => {
      socket.addEventListener("open", () => resolve(true), { once: true });
      socket.addEventListener("error", () => resolve(false), { once: true });
    });
    socket.addEventListener("message", onMessage);
    const open = await opened;
    if (open) {
      onStatus("connected");
      socket.addEventListener("close", onClose, { once: true });
    }
    return open;
  };

  // A host that answers again but refuses this page's token is a new run: only its printed address opens it.
  const reconnect = async () => {
    const answer = await fetch(location.origin + location.pathname, { method: "HEAD", cache: "no-store" }).catch(
      () => null,
    );
    if (answer?.status === 403) return onStatus("restarted");
    if (!answer?.ok || !(await connect())) retryLater();
  };

  void connect().then((open) => {
    if (open) return;
    onStatus("reconnecting");
    retryLater();
  });

  return {
    async invoke(channel, payload) {
      if (!(await opened) || socket.readyState !== WebSocket.OPEN) return DISCONNECTED;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        socket.send(JSON.stringify({ t: "invoke", id, channel, payload }));
      });
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}
