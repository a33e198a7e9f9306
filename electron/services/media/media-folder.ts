import type { DatabaseSync } from "node:sqlite";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { allRows } from "../../common/sql-rows.ts";
import { insertMediaRow, MediaRowSchema, SIDECAR } from "./media-row.ts";

/** A download in progress is written under this suffix and renamed when whole; leftovers are swept at start. */
export const PARTIAL = ".partial";

/**
 * The media folder as a start finds it (`names`, listed once: a year of pictures is some 20,000
 * files): downloads a killed process left half written are removed, and files the database does
 * not know (it was restored or started fresh) come back from their sidecars.
 */
export function tidyMediaFolder(db: DatabaseSync, directory: string, names: readonly string[]): void {
  for (const name of names.filter((file) => file.endsWith(PARTIAL))) {
    rmSync(join(directory, name), { force: true });
  }
  const known = new Set(allRows<{ id: string }>(db.prepare("SELECT id FROM media")).map((row) => row.id));
  for (const name of names.filter((file) => file.endsWith(SIDECAR))) {
    const id = name.slice(0, -SIDECAR.length);
    if (known.has(id)) continue;
    try {
      const row = MediaRowSchema.parse(JSON.parse(readFileSync(join(directory, name), "utf8")));
      if (row.id === id && existsSync(join(directory, basename(row.file_name)))) {
        insertMediaRow(db, { ...row, file_name: basename(row.file_name) });
      }
    } catch {
      // A sidecar that does not parse or fit the row is left where it is; the file stays on disk.
    }
  }
}
