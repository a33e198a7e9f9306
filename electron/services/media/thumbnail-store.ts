import { randomUUID } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { thumbnailTypeOf } from "../../../shared/ipc/gallery-thumbnails.ts";

const SUFFIX = ".thumbnail";
/** A preview being written; renamed when whole, swept at start when a killed process left it. */
const PARTIAL = ".partial";
const HEAD_BYTES = 12;

/**
 * The gallery cards' previews, one file per picture, made once and kept across sessions so a card
 * never loads the full picture. Which ones exist is listed once at start (a year of pictures is
 * some 10,000 files), so the gallery's list says which cards have one without touching the disk.
 */
export class ThumbnailStore {
  private readonly directory: string;
  private readonly kept: Set<string>;

  constructor(directory: string) {
    this.directory = directory;
    // Made with the first preview: a gallery that never showed a picture leaves no folder.
    const names = existsSync(directory) ? readdirSync(directory) : [];
    for (const name of names.filter((file) => file.endsWith(PARTIAL))) rmSync(join(directory, name), { force: true });
    this.kept = new Set(names.filter((file) => file.endsWith(SUFFIX)).map((file) => file.slice(0, -SUFFIX.length)));
  }

  has(id: string): boolean {
    return this.kept.has(id);
  }

  /** Written under a temporary name and renamed when whole: a preview under its own name is complete. */
  write(id: string, bytes: Uint8Array): void {
    const partial = join(this.directory, `${id}.${randomUUID()}${PARTIAL}`);
    try {
      mkdirSync(this.directory, { recursive: true, mode: 0o700 });
      writeFileSync(partial, bytes, { mode: 0o600 });
      renameSync(partial, this.pathOf(id));
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    this.kept.add(id);
  }

  /** The preview's file and type; null when there is none, or what is there is no image (it is dropped, to be made again). */
  file(id: string): { path: string; mime: string } | null {
    if (!this.kept.has(id)) return null;
    const path = this.pathOf(id);
    const mime = typeOfFile(path);
    if (mime === null) this.remove(id);
    return mime === null ? null : { path, mime };
  }

  remove(id: string): void {
    rmSync(this.pathOf(id), { force: true });
    this.kept.delete(id);
  }

  private pathOf(id: string): string {
    return join(this.directory, `${id}${SUFFIX}`);
  }
}

/** The type a file's first bytes say; null when it cannot be read or is not a preview. */
function typeOfFile(path: string): string | null {
  const head = new Uint8Array(HEAD_BYTES);
  try {
    const descriptor = openSync(path, "r");
    try {
      readSync(descriptor, head, 0, HEAD_BYTES, 0);
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
  return thumbnailTypeOf(head);
}
