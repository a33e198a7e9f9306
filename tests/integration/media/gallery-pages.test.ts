import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GALLERY_PAGE_MAX, type GalleryChange, type GalleryCursor } from "../../../shared/ipc/gallery.ts";
import type { MediaView } from "../../../shared/ipc/tasks.ts";
import { allRows } from "../../../electron/common/sql-rows.ts";
import { GalleryPages } from "../../../electron/services/media/gallery-pages.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { insertMediaRow, type MediaRow } from "../../../electron/services/media/media-row.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";
import { NEW_PICTURE } from "../../support/new-picture.ts";

const T0 = Date.parse("2026-11-29T10:00:00Z");

function database(): DatabaseSync {
  return openAppDatabase(join(tempDir("gallery-pages-"), "app.sqlite"));
}

let serial = 0;
function row(createdAt: number, change: Partial<MediaRow> = {}): MediaRow {
  const id = `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`;
  return {
    id,
    task_id: null,
    profile_id: "p",
    kind: "image",
    file_name: `${id}.png`,
    mime: "image/png",
    prompt: `picture ${serial}`,
    model: "image-pro",
    size: "64x64",
    duration: null,
    remote_url: null,
    request_id: null,
    created_at: createdAt,
    ...change,
  };
}

/** Just enough of a view to follow an item across pages. */
const view = (media: MediaRow) => ({ id: media.id, createdAt: new Date(media.created_at).toISOString() }) as MediaView;

/** Every page of the gallery, `limit` at a time, with `between` run before each read after the first. */
function readAll(pages: GalleryPages, limit: number, between: () => void = () => undefined) {
  const read: MediaView[][] = [];
  let after: GalleryCursor | null = null;
  for (;;) {
    if (read.length > 0) between();
    const page = pages.page("p", "image", after, limit, view);
    read.push(page.items);
    if (!page.next) return read;
    // A cursor that does not move on would read the same page for ever.
    if (read.length > 1000) throw new Error("the pages never end");
    after = page.next;
  }
}

/** The gallery's order as the database keeps it: newest first, the last kept first within a millisecond. */
const ordered = (db: DatabaseSync) =>
  allRows<{ id: string }>(
    db.prepare("SELECT id FROM media WHERE profile_id = 'p' AND kind = 'image' ORDER BY created_at DESC, rowid DESC"),
  ).map((media) => media.id);

describe("the gallery's pages", () => {
  it("hold every item once, newest first, the last kept first among items of the same millisecond", () => {
    const db = database();
    // Many in one millisecond, as a year's gallery written in a loop (and a task's pictures) has them.
    const rows = [0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 5, 5, 5, 5, 5, 5, 7].map((ms) => row(T0 + ms));
    for (const media of rows) insertMediaRow(db, media);
    insertMediaRow(db, row(T0 + 9, { profile_id: "other" }));
    insertMediaRow(db, row(T0 + 9, { kind: "video" }));
    const pages = new GalleryPages(db);

    const read = readAll(pages, 4);
    expect(read.map((page) => page.length)).toEqual([4, 4, 4, 4, 1]);
    const expected = rows.toSorted((a, b) => b.created_at - a.created_at || rows.indexOf(b) - rows.indexOf(a));
    expect(read.flat().map((item) => item.id)).toEqual(expected.map((media) => media.id));
    expect(pages.page("p", "image", null, 4, view).total).toBe(rows.length);
    // The same read again gives the same order: equal times are cut at the same place every time.
    expect(readAll(pages, 4)).toEqual(read);
    expect(readAll(pages, GALLERY_PAGE_MAX)).toEqual([read.flat()]);
  });

  it("say where the next starts, and that none follows the last, even when the last is full", () => {
    const db = database();
    for (const ms of [3, 2, 1, 0]) insertMediaRow(db, row(T0 + ms));
    const pages = new GalleryPages(db);
    const first = pages.page("p", "image", null, 2, view);
    expect(first.next).toEqual({ createdAt: T0 + 2, seq: expect.any(Number) });
    const second = pages.page("p", "image", first.next, 2, view);
    expect(second.items).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(pages.page("p", "image", null, 2, view).total).toBe(4);
    expect(new GalleryPages(database()).page("p", "image", null, 2, view)).toEqual({ items: [], total: 0, next: null });
  });

  it("read along the profile's index, rows in its order, without sorting them", () => {
    const db = database();
    const pages = new GalleryPages(db);
    for (const where of ["", "AND (created_at, rowid) < (1, 1)"]) {
      const plan = allRows<{ detail: string }>(
        db.prepare(
          `EXPLAIN QUERY PLAN SELECT rowid AS seq, * FROM media WHERE profile_id = 'p' AND kind = 'image' ${where}
           ORDER BY created_at DESC, rowid DESC LIMIT 201`,
        ),
      ).map((step) => step.detail);
      expect(plan.join("; ")).toMatch(/USING INDEX media_by_profile_kind/);
      expect(plan.join("; ")).not.toMatch(/TEMP B-TREE/);
    }
    expect(pages.count("p", "image")).toBe(0);
  });

  it("miss and repeat no item whatever is added or deleted between two reads (property, fixed seed)", () => {
    const db = database();
    const Step = fc.oneof(
      // Added at any time, most often in a millisecond other items share; older ones too (a restored sidecar).
      fc.record({ op: fc.constant("add" as const), ms: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.array(Step, { maxLength: 4 }), { maxLength: 20 }),
        (start, limit, changes) => {
          db.exec("DELETE FROM media");
          for (const ms of start) insertMediaRow(db, row(T0 + ms));
          const pages = new GalleryPages(db);
          const before = new Set(ordered(db));
          const deleted = new Set<string>();
          let round = 0;
          const read = readAll(pages, limit, () => {
            for (const step of changes[round++] ?? []) {
              if (step.op === "add") insertMediaRow(db, row(T0 + step.ms));
              else {
                const ids = ordered(db);
                const id = ids[step.pick % Math.max(1, ids.length)];
                if (id === undefined) continue;
                db.prepare("DELETE FROM media WHERE id = ?").run(id);
                deleted.add(id);
              }
            }
          }).flat();
          const ids = read.map((item) => item.id);
          // Never twice, in the gallery's order throughout, and every item there all along is read.
          expect(new Set(ids).size).toBe(ids.length);
          const times = read.map((item) => Date.parse(item.createdAt));
          expect(times).toEqual(times.toSorted((a, b) => b - a));
          for (const id of before) if (!deleted.has(id)) expect(ids).toContain(id);
        },
      ),
      { seed: 4910, numRuns: 150 },
    );
  });
});

describe("the media library's announcements", () => {
  afterEach(() => vi.restoreAllMocks());

  const PICTURE = { ...NEW_PICTURE, taskId: "task-1" };

  it("name a finished task's results newest first, and each deletion, with the gallery's new count", () => {
    const changes: GalleryChange[] = [];
    const dataDir = tempDir("gallery-announce-");
    const db = openAppDatabase(join(dataDir, "app.sqlite"));
    const media = new MediaLibrary(
      db,
      join(dataDir, "media"),
      (id) => `/media/${id}`,
      (change) => changes.push(change),
    );
    // A task's four pictures are kept in the same millisecond: the last kept is shown first.
    vi.spyOn(Date, "now").mockReturnValue(T0);
    const kept = [1, 2, 3, 4].map((n) => media.save({ ...PICTURE, prompt: `picture ${n}` }));
    media.save({ ...PICTURE, taskId: "task-2" });
    expect(changes).toEqual([]);

    media.announceTask("task-1");
    expect(changes).toEqual([
      {
        profileId: "p",
        kind: "image",
        added: kept.toReversed().map((item) => expect.objectContaining({ id: item.id, taskId: "task-1" })),
        removed: [],
        total: 5,
      },
    ]);
    expect(media.page("p", "image", null, 2).items.map((item) => item.prompt)).toEqual(["a lighthouse", "picture 4"]);

    expect(media.delete(kept[0]!.id)).toBe(true);
    expect(changes.at(-1)).toEqual({ profileId: "p", kind: "image", added: [], removed: [kept[0]!.id], total: 4 });
    expect(media.delete(kept[0]!.id)).toBe(false);
    expect(changes).toHaveLength(2);
    media.announceTask("no-such-task");
    expect(changes).toHaveLength(2);
  });
});
