import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "..", "..", "..");

/** The installed Electron executable, found without triggering its download; null when there is none. */
export function electronBinary(): string | null {
  const packageDir = join(PROJECT_ROOT, "node_modules", "electron");
  const pathFile = join(packageDir, "path.txt");
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, "dist", readFileSync(pathFile, "utf8").trim());
  return existsSync(binary) ? binary : null;
}
