import { describe, expect, it } from "vitest";
import { base64Length } from "../../../shared/ipc/attachments.ts";
import { THUMBNAIL_MAX_BYTES } from "../../../shared/ipc/gallery-thumbnails.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { mainAgainstGateway } from "../../support/main-core-fixture.ts";
import { GALLERY_PAGE_MAX } from "../../../shared/ipc/gallery.ts";

const main = mainAgainstGateway();
const { page } = recordingPage();

/** A WebP's signature in base64 ("RIFF", a size, "WEBP"), then `extra` more base64 characters. */
const webp = (extra = 0) => `UklGRgAAAABXRUJQ${"A".repeat(extra)}`;

const picture = () =>
  main.services.media.save({
    taskId: null,
    profileId: main.services.vault.resolveId(),
    kind: "image",
    bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    mime: "image/png",
    prompt: "a kettle",
    model: "image-fast",
    size: null,
    duration: null,
    remoteUrl: null,
    requestId: null,
  });

const save = (payload: unknown) => main.core.route("gallery.saveThumbnail", payload, page);

describe("gallery.saveThumbnail", () => {
  it("keeps a picture's preview, which the gallery's list then names", async () => {
    const { id, src } = picture();
    expect(await save({ id, data: webp(16) })).toEqual({ ok: true, data: { thumbnailSrc: `${src}/thumbnail` } });
    const listed = main.services.media.page(main.services.vault.resolveId(), "image", null, GALLERY_PAGE_MAX).items;
    expect(listed.find((item) => item.id === id)?.thumbnailSrc).toBe(`${src}/thumbnail`);
  });

  it("refuses a preview over its bound, one that is no WebP or PNG, and an id that is no picture's", async () => {
    const { id } = picture();
    const refused = (code: string) => ({ ok: false, error: expect.objectContaining({ code }) });
    const over = base64Length(THUMBNAIL_MAX_BYTES) - webp().length + 4;
    expect(await save({ id, data: webp(base64Length(THUMBNAIL_MAX_BYTES) - webp().length) })).toMatchObject({
      ok: true,
    });
    expect(await save({ id, data: webp(over) })).toMatchObject(refused("INVALID_PAYLOAD"));
    expect(await save({ id, data: btoa("<html>not an image</html>") })).toMatchObject(refused("INVALID_PAYLOAD"));
    expect(await save({ id: "../../settings", data: webp() })).toMatchObject(refused("INVALID_PAYLOAD"));
    expect(await save({ id: "00000000-0000-4000-8000-000000000000", data: webp() })).toMatchObject(
      refused("MEDIA_NOT_FOUND"),
    );
  });
});
