import { Menu, Tray, nativeImage } from "electron";
import type { OpenPane } from "../../shared/ipc/app-info.ts";

export interface StatusTray {
  show(summary: string): void;
}

/**
 * The tray (menu bar on macOS): today's remaining budget and the running tasks at a glance, and a
 * menu that opens the Budget or Tasks pane.
 */
export function createStatusTray(iconFile: string, open: (target: OpenPane) => void): StatusTray {
  const openBudget = () => open({ pane: "budget" });
  const tray = new Tray(nativeImage.createFromPath(iconFile).resize({ width: 16, height: 16 }));
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: "Open Budget", click: openBudget },
      { label: "Open Tasks", click: () => open({ pane: "tasks" }) },
      { type: "separator" },
      { label: "Quit ModelDesk", role: "quit" },
    ]),
  );
  tray.on("click", openBudget);
  return {
    show(summary) {
      tray.setToolTip(`ModelDesk — ${summary}`);
      if (process.platform === "darwin") tray.setTitle(summary);
    },
  };
}
