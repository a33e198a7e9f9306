import { dialog } from "electron";
import { checkDataFiles, describeDamage, restoreLatestBackup, startFresh } from "../services/store/data-files.ts";

const RESTORE = "Restore the latest backup";
const FRESH = "Start fresh";
const QUIT = "Quit";

/**
 * Before the services open the data: a damaged database or settings file is named, never silently
 * replaced. Returns false when the user chose to quit and leave everything as it is.
 */
export function recoverDamagedData(dataDir: string): boolean {
  const damaged = checkDataFiles(dataDir);
  if (damaged.length === 0) return true;
  const buttons = [...(damaged.every((file) => file.backup) ? [RESTORE] : []), FRESH, QUIT];
  const choice =
    buttons[
      dialog.showMessageBoxSync({
        type: "warning",
        title: "ModelDesk",
        message: "ModelDesk cannot open its data safely",
        detail: `${damaged.map(describeDamage).join("\n\n")}\n\nNothing has been changed. Whichever you choose, the damaged files are kept beside the originals as NAME.damaged-TIME.`,
        buttons,
        defaultId: 0,
        cancelId: buttons.length - 1,
        noLink: true,
      })
    ];
  if (choice === QUIT) return false;
  for (const file of damaged) (choice === RESTORE ? restoreLatestBackup : startFresh)(file);
  return true;
}
