import { join } from "node:path";
import { lockDataFolder, type DataFolderLock } from "../services/store/data-folder-lock.ts";
import { checkDataFiles, type DataProblem } from "../services/store/data-files.ts";
import { accessProblemOfFsError } from "../services/store/data-access.ts";
import { keyFileProblemOf } from "../services/vault/key-file-check.ts";
import { KEY_FILE_NAME } from "./key-file-name.ts";

/** The web host's hold on its data folder: its lock, and what keeps the app from opening there. */
export interface DataFolderCheck {
  /** The lock first, then the files: a second host on the folder stops here, saying which process holds it. */
  problems(thorough?: boolean): DataProblem[];
  release(): void;
}

export function dataFolderCheck(dataDir: string): DataFolderCheck {
  let lock: DataFolderLock | null = null;
  return {
    problems(thorough = false) {
      try {
        lock ??= lockDataFolder(dataDir);
      } catch (error) {
        // The lock is the first write: a read-only folder or a full disk shows here.
        const problem = accessProblemOfFsError(error);
        if (!problem) throw error;
        return [{ kind: "folder", path: dataDir, ...problem, backup: null }];
      }
      const key = keyFileProblemOf(join(dataDir, KEY_FILE_NAME));
      return [...checkDataFiles(dataDir, thorough), ...(key ? [key] : [])];
    },
    release: () => lock?.release(),
  };
}
