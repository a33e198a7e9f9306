import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";
import { NEW_PICTURE } from "../../support/new-picture.ts";
import { GALLERY_PAGE_MAX } from "../../../shared/ipc/gallery.ts";

/** What the store reads of a preview: a WebP's signature, then bytes it does not decode. */
const WEBP = Uint8Array.from(
  [..."RIFF"]
    .map((char) => char.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [..."WEBPVP8 "].map((char) => char.charCodeAt(0)),
      1,
      2,
      3,
    ),
);

function library(dataDir = tempDir("thumbnails-")) {
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`);
  return { dataDir, db, media, thumbnails: join(dataDir, "media", "thumbnails") };
}

describe("the gallery's card previews", () => {
  it("are kept in the data folder and served to the cards of later sessions", () => {
    const first = library();
    const picture = first.media.save(NEW_PICTURE);
    expect(picture.thumbnailSrc).toBeNull();
    expect(first.media.saveThumbnail(picture.id, WEBP)).toEqual({ thumbnailSrc: `/media/${picture.id}/thumbnail` });
    expect(readdirSync(first.thumbnails)).toEqual([`${picture.id}.thumbnail`]);
    first.db.close();

    const later = library(first.dataDir);
    expect(later.media.page("p", "image", null, GALLERY_PAGE_MAX).items[0]?.thumbnailSrc).toBe(
      `/media/${picture.id}/thumbnail`,
    );
    expect(later.media.thumbnailFile(picture.id)).toEqual({
      path: join(later.thumbnails, `${picture.id}.thumbnail`),
      mime: "image/webp",
    });
  });

  it("are refused for a picture the gallery does not hold, and for a video", () => {
    const { media, thumbnails } = library();
    const video = media.save({ ...NEW_PICTURE, kind: "video", mime: "video/mp4" });
    expect(() => media.saveThumbnail("00000000-0000-4000-8000-000000000000", WEBP)).toThrow(
      expect.objectContaining({ code: "MEDIA_NOT_FOUND" }),
    );
    expect(() => media.saveThumbnail(video.id, WEBP)).toThrow(expect.objectContaining({ code: "MEDIA_NOT_FOUND" }));
    expect(existsSync(thumbnails) ? readdirSync(thumbnails) : []).toEqual([]);
  });

  it("go with their picture when it is deleted", () => {
    const { media, thumbnails } = library();
    const picture = media.save(NEW_PICTURE);
    media.saveThumbnail(picture.id, WEBP);
    media.delete(picture.id);
    expect(readdirSync(thumbnails)).toEqual([]);
    expect(media.thumbnailFile(picture.id)).toBeNull();
  });

  it("are not served once their picture's file left the folder", () => {
    const { dataDir, media } = library();
    const picture = media.save(NEW_PICTURE);
    media.saveThumbnail(picture.id, WEBP);
    rmSync(join(dataDir, "media", `${picture.id}.png`));
    expect(media.thumbnailFile(picture.id)).toBeNull();
  });

  it("that are damaged are dropped, to be made again, and a new one takes their place", () => {
    const first = library();
    const picture = first.media.save(NEW_PICTURE);
    first.media.saveThumbnail(picture.id, WEBP);
    first.db.close();
    const kept = join(first.thumbnails, `${picture.id}.thumbnail`);
    writeFileSync(kept, new Uint8Array(40));

    const later = library(first.dataDir);
    expect(later.media.thumbnailFile(picture.id)).toBeNull();
    expect(existsSync(kept)).toBe(false);
    expect(later.media.page("p", "image", null, GALLERY_PAGE_MAX).items[0]?.thumbnailSrc).toBeNull();
    later.media.saveThumbnail(picture.id, WEBP);
    expect(later.media.thumbnailFile(picture.id)?.mime).toBe("image/webp");
  });

  it("are written whole: what a killed process left half written is swept at the next start", () => {
    const dataDir = tempDir("thumbnails-");
    const thumbnails = join(dataDir, "media", "thumbnails");
    mkdirSync(thumbnails, { recursive: true });
    writeFileSync(join(thumbnails, "00000000-0000-4000-8000-000000000000.1234.partial"), WEBP.slice(0, 5));
    const { media } = library(dataDir);
    const picture = media.save(NEW_PICTURE);
    media.saveThumbnail(picture.id, WEBP);
    expect(readdirSync(thumbnails)).toEqual([`${picture.id}.thumbnail`]);
  });
});
