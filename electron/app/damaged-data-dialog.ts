import { app, dialog } from "electron";
import { checkDataFiles } from "../services/store/data-files.ts";
import {
  applyRecovery,
  describeProblem,
  recoveryActionsFor,
  recoveryNote,
  type RecoveryAction,
} from "../services/store/data-recovery.ts";

const BUTTONS: Readonly<Record<RecoveryAction | "quit", string>> = {
  restore: "Restore the latest backup",
  fresh: "Start fresh",
  retry: "Try again",
  quit: "Quit",
};

/**
 * Before the services open the data: each cause is named (damage; a read-only, locked or full
 * place), damage is never silently replaced, and a healthy file is never set aside. Asks again
 * until the data opens; returns false when the user chose to quit and leave everything as it is.
 * `thorough`: the database is read whole too, as after damage the check after the start found.
 */
export function recoverDamagedData(dataDir: string, thorough = false): boolean {
  const check = () => checkDataFiles(dataDir, thorough);
  for (let problems = check(); problems.length > 0; problems = check()) {
    const choices = [...recoveryActionsFor(problems), "quit" as const];
    const choice =
      choices[
        dialog.showMessageBoxSync({
          type: "warning",
          title: "ModelDesk",
          message: choices.includes("retry")
            ? "ModelDesk cannot open its data"
            : "ModelDesk cannot open its data safely",
          detail: `${problems.map(describeProblem).join("\n\n")}\n\n${recoveryNote(problems)}`,
          buttons: choices.map((action) => BUTTONS[action]),
          defaultId: 0,
          cancelId: choices.length - 1,
          noLink: true,
        })
      ];
    if (choice === undefined || choice === "quit") return false;
    const kept = applyRecovery(problems, choice);
    if (kept.length > 0) {
      dialog.showMessageBoxSync({
        type: "info",
        title: "ModelDesk",
        message: "Your damaged data is kept",
        detail: kept.join("\n"),
        noLink: true,
      });
    }
  }
  return true;
}

/**
 * Damage the check after the start found (`data-upkeep.ts`): the services let go of the data, the
 * same dialog asks what to do, and the app starts again on what was chosen, or quits.
 */
export async function recoverDamageFoundLater(dataDir: string, services: { close(): Promise<void> }): Promise<void> {
  await services.close();
  if (recoverDamagedData(dataDir, true)) app.relaunch();
  app.exit(0);
}
