import { existsSync, statSync } from "node:fs";
import { accessProblemOfFsError } from "../store/data-access.ts";
import type { DataProblem } from "../store/data-files.ts";
import { KEY_FILE_BYTES } from "./key-file-cipher.ts";

/**
 * The web host's key file, checked before the app opens: one of the wrong size (cut by a sync tool
 * or a full disk) would end the start with one sentence; named, it gets the recovery page. A
 * missing key file is a first start's, made then.
 */
export function keyFileProblemOf(keyFile: string): DataProblem | null {
  if (!existsSync(keyFile)) return null;
  let size: number;
  try {
    size = statSync(keyFile).size;
  } catch (error) {
    const access = accessProblemOfFsError(error);
    return access && { kind: "key", path: keyFile, ...access, backup: null };
  }
  if (size === KEY_FILE_BYTES) return null;
  const detail = `it holds ${size} bytes; a key file holds ${KEY_FILE_BYTES}`;
  return { kind: "key", path: keyFile, problem: size === 0 ? "empty" : "invalid", detail, holder: null, backup: null };
}
