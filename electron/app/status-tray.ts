import { Menu, Tray, nativeImage } from "electron";
import type { OpenPane } from "../../shared/ipc/app-info.ts";
import type { MenuTexts } from "../services/desktop/desktop-texts.ts";

export interface StatusTray {
  show(summary: string): void;
  /** Rebuilds the menu in another language. */
  label(texts: MenuTexts): void;
}

/**
 * The tray (menu bar on macOS): today's remaining budget and the running tasks at a glance, and a
 * menu that opens the Budget or Tasks pane.
 */
export function createStatusTray(iconFile: string, open: (target: OpenPane) => void, texts: MenuTexts): StatusTray {
  const openBudget = () => open({ pane: "budget" });
  const tray = new Tray(nativeImage.createFromPath(iconFile).resize({ width: 16, height: 16 }));
  const label = (words: MenuTexts) =>
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: words.openBudget, click: openBudget },
        { label: words.openTasks, click: () => open({ pane: "tasks" }) },
        { type: "separator" },
        { label: words.quit, role: "quit" },
      ]),
    );
  label(texts);
  tray.on("click", openBudget);
  return {
    label,
    show(summary) {
      tray.setToolTip(`ModelDesk — ${summary}`);
      if (process.platform === "darwin") tray.setTitle(summary);
    },
  };
}
