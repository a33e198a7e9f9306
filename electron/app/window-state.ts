import { screen, type BrowserWindow } from "electron";
import { z } from "zod";
import type { SettingsStore } from "../services/vault/settings-store.ts";

const WINDOW_STATE_SETTING = "mainWindowState";
/** Moving or resizing fires many events; the last position within this long is the one kept. */
const SAVE_AFTER_MS = 500;

const WindowStateSchema = z.object({
  bounds: z.object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().min(400).max(20_000),
    height: z.number().int().min(300).max(20_000),
  }),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

/**
 * Where the main window was when it last moved: size, position and whether it was maximised. Null
 * when nothing valid was kept or when that place is on no display any more (a monitor unplugged),
 * so the window never opens out of sight.
 */
export function savedWindowState(settings: SettingsStore): WindowState | null {
  const parsed = WindowStateSchema.safeParse(settings.get(WINDOW_STATE_SETTING));
  if (!parsed.success) return null;
  const { x, y, width, height } = parsed.data.bounds;
  const visible = screen.getAllDisplays().some(({ workArea: area }) => {
    const overlapX = Math.min(x + width, area.x + area.width) - Math.max(x, area.x);
    const overlapY = Math.min(y + height, area.y + area.height) - Math.max(y, area.y);
    return overlapX >= 100 && overlapY >= 50;
  });
  return visible ? parsed.data : null;
}

/** Keeps the window's place as it changes; the size before maximising is what is restored later. */
export function rememberWindowState(window: BrowserWindow, settings: SettingsStore): void {
  let timer: NodeJS.Timeout | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (window.isDestroyed() || window.isMinimized()) return;
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    settings.set(WINDOW_STATE_SETTING, state);
  };
  const saveSoon = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  };
  window.on("resize", saveSoon);
  window.on("move", saveSoon);
  window.on("maximize", save);
  window.on("unmaximize", save);
  window.on("close", save);
}
