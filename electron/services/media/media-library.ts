import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { ThumbnailStore } from "./thumbnail-store.ts";

/** A row of the media table, which is also what each file's sidecar holds. */
const MediaRowSchema = z.object({
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
  created_at: z.number(),
});
type MediaRow = z.infer<typeof MediaRowSchema>;

const SIDECAR = ".json";
/** A download in progress is written under this suffix and renamed when whole; leftovers are swept at start. */
const PARTIAL = ".partial";
/** How long a gateway's result URL is trusted to still work (the spec states no retention period). */
const REMOTE_URL_FRESH_MS = 30 * 60_000;
const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
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
  private readonly thumbnails: ThumbnailStore;

  constructor(db: DatabaseSync, directory: string, srcOf: (id: string) => string) {
    this.db = db;
    this.directory = directory;
    this.srcOf = srcOf;
    mkdirSync(directory, { recursive: true });
    this.thumbnails = new ThumbnailStore(join(directory, "thumbnails"));
    // Listed once: a year of pictures is some 20,000 files.
    const names = readdirSync(directory);
    this.sweepPartials(names);
    this.relistOrphans(names);
  }

  save(media: NewMedia): MediaView {
    const row = this.newRow(media);
    writeFileSync(join(this.directory, row.file_name), media.bytes);
    return this.record(row);
  }

  /**
   * Keeps a file that `write` puts at the path it is given (a download) and says the MIME type of;
   * it is written under a temporary name and renamed when whole, so a file in the folder under its
   * own name is always complete. Nothing stays when it fails.
   */
  async saveFrom(
    media: Omit<NewMedia, "bytes" | "mime">,
    write: (path: string) => Promise<string>,
  ): Promise<MediaView> {
    const id = randomUUID();
    const partial = join(this.directory, `${id}${PARTIAL}`);
    try {
      const row = this.newRow({ ...media, mime: await write(partial) }, id);
      renameSync(partial, join(this.directory, row.file_name));
      return this.record(row);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  }

  list(profileId: string, kind: "image" | "video"): MediaView[] {
    const rows = allRows<MediaRow>(
      this.db.prepare("SELECT * FROM media WHERE profile_id = ? AND kind = ? ORDER BY created_at DESC"),
      profileId,
      kind,
    );
    return rows.map((row) => this.view(row));
  }

  idsForTask(taskId: string): string[] {
    const rows = allRows<{ id: string }>(
      this.db.prepare("SELECT id FROM media WHERE task_id = ? ORDER BY created_at"),
      taskId,
    );
    return rows.map((row) => row.id);
  }

  /** A task's kept results with the address each was fetched from (null for one sent inline). */
  keptForTask(taskId: string): { id: string; remoteUrl: string | null }[] {
    return allRows<{ id: string; remote_url: string | null }>(
      this.db.prepare("SELECT id, remote_url FROM media WHERE task_id = ? ORDER BY created_at"),
      taskId,
    ).map((row) => ({ id: row.id, remoteUrl: row.remote_url }));
  }

  delete(id: string): boolean {
    const row = this.row(id);
    if (!row) return false;
    rmSync(join(this.directory, row.file_name), { force: true });
    rmSync(join(this.directory, `${id}${SIDECAR}`), { force: true });
    this.thumbnails.remove(id);
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

  /** Keeps a gallery picture's card preview (the window makes it), replacing any before it. */
  saveThumbnail(id: string, bytes: Uint8Array): { thumbnailSrc: string } {
    if (this.row(id)?.kind !== "image") throw appError("MEDIA_NOT_FOUND");
    this.thumbnails.write(id, bytes);
    return { thumbnailSrc: this.thumbnailSrcOf(id) };
  }

  /** A picture's card preview, while the picture itself is still there. */
  thumbnailFile(id: string): { path: string; mime: string } | null {
    return this.file(id) && this.thumbnails.file(id);
  }

  /** A gallery image as a video reference: its original URL while still fresh, else its bytes as a data: URL. */
  referenceUrl(id: string): string {
    const row = this.row(id);
    if (!row || row.kind !== "image") throw appError("MEDIA_NOT_FOUND");
    if (row.remote_url && Date.now() - row.created_at < REMOTE_URL_FRESH_MS) return row.remote_url;
    const bytes = readFileSync(join(this.directory, row.file_name));
    return `data:${row.mime};base64,${bytes.toString("base64")}`;
  }

  /** Downloads a killed process left half written. */
  private sweepPartials(names: readonly string[]): void {
    for (const name of names.filter((file) => file.endsWith(PARTIAL))) {
      rmSync(join(this.directory, name), { force: true });
    }
  }

  /** Files the database does not know (it was restored or started fresh) come back from their sidecars. */
  private relistOrphans(names: readonly string[]): void {
    const known = new Set(allRows<{ id: string }>(this.db.prepare("SELECT id FROM media")).map((row) => row.id));
    for (const name of names.filter((file) => file.endsWith(SIDECAR))) {
      const id = name.slice(0, -SIDECAR.length);
      if (known.has(id)) continue;
      try {
        const row = MediaRowSchema.parse(JSON.parse(readFileSync(join(this.directory, name), "utf8")));
        if (row.id === id && existsSync(join(this.directory, basename(row.file_name)))) {
          this.insert({ ...row, file_name: basename(row.file_name) });
        }
      } catch {
        // A sidecar that does not parse or fit the row is left where it is; the file stays on disk.
      }
    }
  }

  private newRow(media: Omit<NewMedia, "bytes">, id: string = randomUUID()): MediaRow {
    return {
      id,
      task_id: media.taskId,
      profile_id: media.profileId,
      kind: media.kind,
      file_name: `${id}.${EXTENSIONS[media.mime] ?? "bin"}`,
      mime: media.mime,
      prompt: media.prompt,
      model: media.model,
      size: media.size,
      duration: media.duration,
      remote_url: media.remoteUrl,
      request_id: media.requestId,
      created_at: Date.now(),
    };
  }

  private record(row: MediaRow): MediaView {
    // The sidecar lets the gallery be rebuilt from the folder if the database is ever lost.
    writeFileSync(join(this.directory, `${row.id}${SIDECAR}`), JSON.stringify(row));
    this.insert(row);
    return this.view(row);
  }

  private insert(row: MediaRow): void {
    this.db
      .prepare(
        `INSERT INTO media (id, task_id, profile_id, kind, file_name, mime, prompt, model, size, duration, remote_url, request_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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

  private row(id: string): MediaRow | null {
    return oneRow<MediaRow>(this.db.prepare("SELECT * FROM media WHERE id = ?"), id) ?? null;
  }

  private thumbnailSrcOf(id: string): string {
    return `${this.srcOf(id)}/thumbnail`;
  }

  private view(row: MediaRow): MediaView {
    return {
      id: row.id,
      taskId: row.task_id,
      kind: row.kind,
      src: this.srcOf(row.id),
      thumbnailSrc: this.thumbnails.has(row.id) ? this.thumbnailSrcOf(row.id) : null,
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
