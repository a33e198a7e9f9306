import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { oneRow } from "../../common/sql-rows.ts";

/** A row of the media table, which is also what each file's sidecar holds. */
export const MediaRowSchema = z.object({
  id: z.string(),
  task_id: z.string().nullable(),
  profile_id: z.string(),
  kind: z.enum(["image", "video"]),
  file_name: z.string(),
  mime: z.string(),
  prompt: z.string(),
  model: z.string(),
  size: z.string().nullable(),
  duration: z.number().nullable(),
  remote_url: z.string().nullable(),
  request_id: z.string().nullable(),
  // A whole number of milliseconds, as the app writes it: the gallery's pages are cut at one.
  created_at: z.number().int().min(0),
});
export type MediaRow = z.infer<typeof MediaRowSchema>;

/** What the file `<id>.json` beside each kept file holds: its row, to rebuild the gallery from the folder. */
export const SIDECAR = ".json";

export function insertMediaRow(db: DatabaseSync, row: MediaRow): void {
  db.prepare(
    `INSERT INTO media (id, task_id, profile_id, kind, file_name, mime, prompt, model, size, duration, remote_url, request_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.task_id,
    row.profile_id,
    row.kind,
    row.file_name,
    row.mime,
    row.prompt,
    row.model,
    row.size,
    row.duration,
    row.remote_url,
    row.request_id,
    row.created_at,
  );
}

export function mediaRowById(db: DatabaseSync, id: string): MediaRow | null {
  return oneRow<MediaRow>(db.prepare("SELECT * FROM media WHERE id = ?"), id) ?? null;
}
