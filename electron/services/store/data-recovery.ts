import { basename } from "node:path";
import { isDamage, restoreLatestBackup, startFresh, type DataProblem } from "./data-files.ts";

/**
 * What the user may do about the problems found at start. Damage is mended from the latest backup
 * (when every damaged file has one) or by starting fresh; a folder or file that is read-only,
 * locked or on a full disk is healthy, so the only offer is to try again once the cause is gone.
 */
export type RecoveryAction = "restore" | "fresh" | "retry";

export function recoveryActionsFor(problems: readonly DataProblem[]): RecoveryAction[] {
  if (problems.some((problem) => !isDamage(problem))) return ["retry"];
  return [...(problems.every((problem) => problem.backup !== null) ? (["restore"] as const) : []), "fresh"];
}

/** Applies a chosen action; returns where each damaged file was kept (nothing for a retry). */
export function applyRecovery(problems: readonly DataProblem[], action: RecoveryAction): string[] {
  if (!recoveryActionsFor(problems).includes(action)) throw new Error(`${action} is not offered here`);
  if (action === "retry") return [];
  return problems.flatMap((problem) => {
    const { setAsideAs } = (action === "restore" ? restoreLatestBackup : startFresh)(problem);
    return setAsideAs ? [setAsideAs] : [];
  });
}

/** One sentence per problem: which file, what is wrong with it, and what can be done. */
export function describeProblem(file: DataProblem): string {
  switch (file.problem) {
    case "read-only":
      return `${file.path} is read-only (${file.detail}): ModelDesk cannot save anything there. Make it writable, then try again.`;
    case "locked":
      return `${file.path} is locked by ${file.holder === null ? "another process" : `process ${file.holder}`}: another program has the database open. Close it, then try again.`;
    case "disk-full":
      return `The disk holding ${file.path} is full (${file.detail}). Free some space, then try again.`;
    case "unreadable":
      return `${file.path} cannot be opened (${file.detail}). Check its permissions, then try again.`;
    default:
      return `${file.path} ${damageOf(file)}; ${backupOf(file)}.`;
  }
}

function damageOf(file: DataProblem): string {
  if (file.kind === "key") {
    return `is damaged (${file.detail}): the API keys saved with it cannot be read. Make a new key and enter the API keys again in Settings; conversations, tasks, pictures and other settings are kept`;
  }
  if (file.problem === "missing") return "is missing (a backup shows it existed)";
  if (file.problem === "empty") return "is damaged: it is empty (0 bytes)";
  if (file.problem === "invalid") return `is damaged: it does not have the shape the app wrote (${file.detail})`;
  if (file.problem === "blank") {
    return "is damaged: it holds none of the app's data though backups of it exist (its -wal file was most likely lost)";
  }
  if (file.problem === "behind") {
    return `is damaged: it holds less than its backup (${file.detail}; its -wal file was most likely lost)`;
  }
  return `is damaged (${file.detail})`;
}

/** Which backup Restore would put back: never one that failed its check. */
function backupOf(file: DataProblem): string {
  if (file.kind === "key") return "a key file has no backup (a copy beside the settings would unlock them)";
  if (!file.backup) return "it has no backup that passes the check";
  return `the latest backup that passes the check is ${basename(file.backup.path)}, taken ${file.backup.takenAt}`;
}

/** What the page or dialog says after the list, for the actions it offers. */
export function recoveryNote(problems: readonly DataProblem[]): string {
  if (recoveryActionsFor(problems).includes("retry")) {
    return "Nothing has been changed, and nothing is damaged: your data is kept as it is.";
  }
  const kept = problems.filter((problem) => problem.problem !== "missing").map((problem) => problem.path);
  if (kept.length === 0) return "Nothing has been changed.";
  return `Nothing has been changed. Whichever you choose, the damaged file is kept beside the original: ${kept
    .map((path) => `${path}.damaged-TIME`)
    .join(", ")}.`;
}
