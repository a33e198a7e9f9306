import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import { AppError } from "../app-error.ts";

interface MediaRow {
  id: string;
  task_id: string | null;
  profile_id: string;
  kind: "image" | "video";
  file_name: string;
  mime: string;
  prompt: string;
  model: string;
  size: string | null;
  duration: number | null;
  remote_url: string | null;
  request_id: string | null;
  created_at: number;
}

/** How long a gateway's result URL is trusted to still work (the spec states no retention period). */
const REMOTE_URL_FRESH_MS = 30 * 60_000;
const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "video/mp4": "mp4",
  "video/webm": "webm",
};

export interface NewMedia {
  readonly taskId: string | null;
  readonly profileId: string;
  readonly kind: "image" | "video";
  readonly bytes: Uint8Array;
  readonly mime: string;
  readonly prompt: string;
  readonly model: string;
  readonly size: string | null;
  readonly duration: number | null;
  readonly remoteUrl: string | null;
  readonly requestId: string | null;
}

/**
 * Generated images and videos, kept in the app's media folder the moment they are ready (gateway
 * URLs expire). The window reaches a file only by id, through `srcOf`, never by path.
 */
export class MediaLibrary {
  private readonly db: DatabaseSync;
  private readonly directory: string;
  private readonly srcOf: (id: string) => string;

  constructor(db: DatabaseSync, directory: string, srcOf: (id: string) => string) {
    this.db = db;
    this.directory = directory;
    this.srcOf = srcOf;
    mkdirSync(directory, { recursive: true });
  }

  save(media: NewMedia): MediaView {
    const id = randomUUID();
    const fileName = `${id}.${EXTENSIONS[media.mime] ?? "bin"}`;
    writeFileSync(join(this.directory, fileName), media.bytes);
    this.db
      .prepare(
        `INSERT INTO media (id, task_id, profile_id, kind, file_name, mime, prompt, model, size, duration, remote_url, request_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        media.taskId,
        media.profileId,
        media.kind,
        fileName,
        media.mime,
        media.prompt,
        media.model,
        media.size,
        media.duration,
        media.remoteUrl,
        media.requestId,
        Date.now(),
      );
    return this.view(this.row(id)!);
  }

  list(profileId: string, kind: "image" | "video"): MediaView[] {
    const rows = this.db
      .prepare("SELECT * FROM media WHERE profile_id = ? AND kind = ? ORDER BY created_at DESC")
      .all(profileId, kind) as unknown as MediaRow[];
    return rows.map((row) => this.view(row));
  }

  idsForTask(taskId: string): string[] {
    return (
      this.db.prepare("SELECT id FROM media WHERE task_id = ? ORDER BY created_at").all(taskId) as { id: string }[]
    ).map((row) => row.id);
  }

  delete(id: string): boolean {
    const row = this.row(id);
    if (!row) return false;
    rmSync(join(this.directory, row.file_name), { force: true });
    this.db.prepare("DELETE FROM media WHERE id = ?").run(id);
    return true;
  }

  /** The file behind an id, for the `media://` protocol and the web host's media route. */
  file(id: string): { path: string; mime: string } | null {
    const row = this.row(id);
    if (!row) return null;
    const path = join(this.directory, row.file_name);
    return existsSync(path) ? { path, mime: row.mime } : null;
  }

  /** A gallery image as a video reference: its original URL while still fresh, else its bytes as a data: URL. */
  referenceUrl(id: string): string {
    const row = this.row(id);
    if (!row || row.kind !== "image") throw new AppError("MEDIA_NOT_FOUND", "That image is no longer in the gallery.");
    if (row.remote_url && Date.now() - row.created_at < REMOTE_URL_FRESH_MS) return row.remote_url;
    const bytes = readFileSync(join(this.directory, row.file_name));
    return `data:${row.mime};base64,${bytes.toString("base64")}`;
  }

  private row(id: string): MediaRow | null {
    return (this.db.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow | undefined) ?? null;
  }

  private view(row: MediaRow): MediaView {
    return {
      id: row.id,
      taskId: row.task_id,
      kind: row.kind,
      src: this.srcOf(row.id),
      mime: row.mime,
      prompt: row.prompt,
      model: row.model,
      size: row.size,
      duration: row.duration,
      requestId: row.request_id,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }
}
