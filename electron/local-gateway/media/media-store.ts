import type { DatabaseSync } from "node:sqlite";
import { mkdirSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { newId } from "../ids.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";

/** Generated files under the data directory, each reachable at `/files/<name>` until it expires. */
export class MediaStore {
  readonly directory: string;
  private readonly db: DatabaseSync;

  constructor(dataDir: string, db: DatabaseSync) {
    this.directory = join(dataDir, "media");
    mkdirSync(this.directory, { recursive: true });
    this.db = db;
  }

  /** Written off the event loop: a clip runs to megabytes. */
  async save(
    bytes: Uint8Array,
    extension: "png" | "mp4",
    taskId: string | null,
    now: number,
    expiresAt: number,
  ): Promise<string> {
    const fileName = `${newId("", 16)}.${extension}`;
    await writeFile(join(this.directory, fileName), bytes);
    this.db
      .prepare("INSERT INTO media (id, file_name, task_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
      .run(fileName, fileName, taskId, now, expiresAt);
    return `/files/${fileName}`;
  }

  isServable(fileName: string, now: number): boolean {
    const row = oneRow<{ expires_at: number }>(
      this.db.prepare("SELECT expires_at FROM media WHERE file_name = ?"),
      fileName,
    );
    return row !== undefined && row.expires_at > now;
  }

  deleteForTask(taskId: string): void {
    const rows = allRows<{ file_name: string }>(
      this.db.prepare("SELECT file_name FROM media WHERE task_id = ?"),
      taskId,
    );
    this.remove(rows.map((row) => row.file_name));
  }

  /** Removes every file past its expiry. */
  sweep(now: number): void {
    const rows = allRows<{ file_name: string }>(
      this.db.prepare("SELECT file_name FROM media WHERE expires_at <= ?"),
      now,
    );
    this.remove(rows.map((row) => row.file_name));
  }

  private remove(fileNames: readonly string[]): void {
    const forget = this.db.prepare("DELETE FROM media WHERE file_name = ?");
    for (const fileName of fileNames) {
      rmSync(join(this.directory, fileName), { force: true });
      forget.run(fileName);
    }
  }
}
