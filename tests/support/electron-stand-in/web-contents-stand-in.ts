import { Listeners, type Listener } from "./listeners.ts";
import { electronRecording } from "./recording.ts";

/** A web contents as main sees it: an id, its listeners, its window-open handler, what it was sent. */
export class WebContentsStandIn {
  // Numbered process-wide: the tests and main may hold different copies of this module.
  readonly id = ++electronRecording().lastWebContentsId;
  readonly listeners = new Listeners();
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: Parameters<Electron.WebContents["setWindowOpenHandler"]>[0] | null = null;
  destroyed = false;

  on(event: string, listener: Listener): this {
    this.listeners.add(event, listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }

  setWindowOpenHandler(handler: Parameters<Electron.WebContents["setWindowOpenHandler"]>[0]): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** Calls the listeners main registered for `event`, as Electron would emit it. */
  emit(event: string, ...args: unknown[]): void {
    this.listeners.emit(event, ...args);
  }
}
