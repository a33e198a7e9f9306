import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { GalleryCursor, GalleryPage } from "../../../shared/ipc/gallery.ts";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";
import type { MediaRow } from "./media-row.ts";

type PagedRow = MediaRow & { seq: number };

/**
 * The gallery read a page at a time, newest first: by time, and among the items kept in the same
 * millisecond (a task's pictures often are) the last kept first, by rowid. Both are the index
 * `media_by_profile_kind`'s order (an index ends with the rowid), so a page reads its own rows and
 * no more. A page after another starts below the last item it held, not at an offset: an item
 * added or deleted between the two reads moves no other across the boundary.
 */
export class GalleryPages {
  private readonly first: StatementSync;
  private readonly after: StatementSync;
  private readonly counted: StatementSync;

  constructor(db: DatabaseSync) {
    const page = (where: string) =>
      db.prepare(
        `SELECT rowid AS seq, * FROM media WHERE profile_id = ? AND kind = ?${where}
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      );
    this.first = page("");
    this.after = page(" AND (created_at, rowid) < (?, ?)");
    this.counted = db.prepare("SELECT COUNT(*) AS total FROM media WHERE profile_id = ? AND kind = ?");
  }

  /** `limit` items after `after` (from the newest when null), each as `view` shows it. */
  page(
    profileId: string,
    kind: MediaRow["kind"],
    after: GalleryCursor | null,
    limit: number,
    view: (row: MediaRow) => MediaView,
  ): GalleryPage {
    // One more than asked tells whether another page follows.
    const rows = after
      ? allRows<PagedRow>(this.after, profileId, kind, after.createdAt, after.seq, limit + 1)
      : allRows<PagedRow>(this.first, profileId, kind, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      items: shown.map((row) => view(row)),
      total: this.count(profileId, kind),
      next: rows.length > limit && last ? { createdAt: last.created_at, seq: last.seq } : null,
    };
  }

  count(profileId: string, kind: MediaRow["kind"]): number {
    return onlyRow<{ total: number }>(this.counted, profileId, kind).total;
  }
}
