import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GalleryChange, GalleryCursor, GalleryPage } from "../../../shared/ipc/gallery.ts";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import { allRows } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { GalleryPages } from "./gallery-pages.ts";
import { PARTIAL, tidyMediaFolder } from "./media-folder.ts";
import { insertMediaRow, mediaRowById, SIDECAR, type MediaRow } from "./media-row.ts";
import { ThumbnailStore } from "./thumbnail-store.ts";

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
 * URLs expire). The window reaches a file only by id, through `srcOf`, never by path. What the
 * gallery gains or loses is told to `onChange`, so a page shows it without reading its list again.
 */
export class MediaLibrary {
  private readonly db: DatabaseSync;
  private readonly directory: string;
  private readonly srcOf: (id: string) => string;
  private readonly onChange: (change: GalleryChange) => void;
  private readonly thumbnails: ThumbnailStore;
  private readonly pages: GalleryPages;

  constructor(
    db: DatabaseSync,
    directory: string,
    srcOf: (id: string) => string,
    onChange: (change: GalleryChange) => void = () => undefined,
  ) {
    this.db = db;
    this.directory = directory;
    this.srcOf = srcOf;
    this.onChange = onChange;
    mkdirSync(directory, { recursive: true });
    this.thumbnails = new ThumbnailStore(join(directory, "thumbnails"));
    this.pages = new GalleryPages(db);
    tidyMediaFolder(db, directory, readdirSync(directory));
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

  /** A page of a profile's gallery of one kind, newest first (`gallery-pages.ts`), with its count. */
  page(profileId: string, kind: MediaRow["kind"], after: GalleryCursor | null, limit: number): GalleryPage {
    return this.pages.page(profileId, kind, after, limit, (row) => this.view(row));
  }

  /** A task's results are in the gallery now (it completed): the pages are told, newest first. */
  announceTask(taskId: string): void {
    const rows = allRows<MediaRow>(
      this.db.prepare("SELECT * FROM media WHERE task_id = ? ORDER BY created_at DESC, rowid DESC"),
      taskId,
    );
    const first = rows[0];
    if (first)
      this.changed(
        first.profile_id,
        first.kind,
        rows.map((row) => this.view(row)),
        [],
      );
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

  /** Removes an item and its files; the pages are told, whoever deleted it. */
  delete(id: string): boolean {
    const row = mediaRowById(this.db, id);
    if (!row) return false;
    rmSync(join(this.directory, row.file_name), { force: true });
    rmSync(join(this.directory, `${id}${SIDECAR}`), { force: true });
    this.thumbnails.remove(id);
    this.db.prepare("DELETE FROM media WHERE id = ?").run(id);
    this.changed(row.profile_id, row.kind, [], [id]);
    return true;
  }

  /** The file behind an id, for the `media://` protocol and the web host's media route. */
  file(id: string): { path: string; mime: string } | null {
    const row = mediaRowById(this.db, id);
    if (!row) return null;
    const path = join(this.directory, row.file_name);
    return existsSync(path) ? { path, mime: row.mime } : null;
  }

  /** Keeps a gallery picture's card preview (the window makes it), replacing any before it. */
  saveThumbnail(id: string, bytes: Uint8Array): { thumbnailSrc: string } {
    if (mediaRowById(this.db, id)?.kind !== "image") throw appError("MEDIA_NOT_FOUND");
    this.thumbnails.write(id, bytes);
    return { thumbnailSrc: this.thumbnailSrcOf(id) };
  }

  /** A picture's card preview, while the picture itself is still there. */
  thumbnailFile(id: string): { path: string; mime: string } | null {
    return this.file(id) && this.thumbnails.file(id);
  }

  /** A gallery image as a video reference: its original URL while still fresh, else its bytes as a data: URL. */
  referenceUrl(id: string): string {
    const row = mediaRowById(this.db, id);
    if (!row || row.kind !== "image") throw appError("MEDIA_NOT_FOUND");
    if (row.remote_url && Date.now() - row.created_at < REMOTE_URL_FRESH_MS) return row.remote_url;
    const bytes = readFileSync(join(this.directory, row.file_name));
    return `data:${row.mime};base64,${bytes.toString("base64")}`;
  }

  private changed(profileId: string, kind: MediaRow["kind"], added: MediaView[], removed: string[]): void {
    this.onChange({ profileId, kind, added, removed, total: this.pages.count(profileId, kind) });
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
    insertMediaRow(this.db, row);
    return this.view(row);
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
