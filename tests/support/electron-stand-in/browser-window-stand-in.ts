import { Listeners, type Listener } from "./listeners.ts";
import { electronRecording } from "./recording.ts";
import { WebContentsStandIn } from "./web-contents-stand-in.ts";

type Bounds = Electron.Rectangle;

/**
 * A window as main sees it: the options it was made with, where it is, whether it shows, and the
 * listeners main hung on it. Moving it or closing it is done by the tests through `emit`.
 */
export class BrowserWindowStandIn {
  readonly webContents = new WebContentsStandIn();
  readonly options: Electron.BrowserWindowConstructorOptions;
  private readonly listeners = new Listeners();
  bounds: Bounds;
  maximized = false;
  minimized = false;
  visible = false;
  focused = false;
  destroyed = false;

  constructor(options: Electron.BrowserWindowConstructorOptions) {
    const recording = electronRecording();
    this.options = options;
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    recording.windowOptions.push(options);
    recording.windows.push(this);
    recording.webContents.push(this.webContents);
    // Electron announces every new web contents app-wide; main's guards hang on this.
    recording.appListeners.emit("web-contents-created", {}, this.webContents);
  }

  on(event: string, listener: Listener): this {
    this.listeners.add(event, listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }

  /** Calls the listeners main registered for `event`, as Electron would emit it. */
  emit(event: string, ...args: unknown[]): void {
    this.listeners.emit(event, ...args);
  }

  async loadURL(url: string): Promise<void> {
    electronRecording().loadedUrls.push(url);
  }

  show(): void {
    this.visible = true;
    this.focused = true;
  }
  hide(): void {
    this.visible = false;
    this.focused = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  maximize(): void {
    this.maximized = true;
    this.emit("maximize");
  }
  /** As the user dragging an edge would: the new place, then `resize` and `move`. */
  setBounds(bounds: Bounds): void {
    this.bounds = bounds;
    this.emit("resize");
    this.emit("move");
  }
  getNormalBounds(): Bounds {
    return this.bounds;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isFocused(): boolean {
    return this.focused;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}
