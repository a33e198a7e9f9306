import type { ApiTransport } from "../../../shared/ipc/desktop-api.ts";
import type { EventChannel } from "../../../shared/ipc/contract.ts";
import type { Result } from "../../../shared/ipc/result.ts";

interface Pending {
  resolve(result: Result<unknown>): void;
}

/**
 * The web host's stand-in for the preload: the same contract over a WebSocket to the host (the
 * access token travels as an HttpOnly cookie, never through this code). Calls made while the
 * socket is down fail with a result value, like any other error.
 */
export function webSocketTransport(url: string): ApiTransport {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket;
  let opened: Promise<void>;

  const connect = () => {
    socket = new WebSocket(url);
    opened = new Promise((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("bridge unavailable")), { once: true });
    });
    opened.catch(() => undefined);
    socket.addEventListener("message", (message) => {
      const frame = JSON.parse(String(message.data)) as
        { t: "result"; id: number; result: Result<unknown> } | { t: "event"; event: EventChannel; payload: unknown };
      if (frame.t === "result") {
        pending.get(frame.id)?.resolve(frame.result);
        pending.delete(frame.id);
      } else {
        for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
      }
    });
    socket.addEventListener("close", () => {
      for (const call of pending.values()) {
        call.resolve({
          ok: false,
          error: { code: "HOST_DISCONNECTED", message: "The connection to the app host was lost." },
        });
      }
      pending.clear();
    });
  };
  connect();

  return {
    async invoke(channel, payload) {
      if (socket.readyState === WebSocket.CLOSED) connect();
      try {
        await opened;
      } catch {
        return { ok: false, error: { code: "HOST_DISCONNECTED", message: "The app host cannot be reached." } };
      }
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
