import type { NewMedia } from "../../electron/services/media/media-library.ts";

/** A picture as a finished task hands it to the media library: a PNG's signature and a few bytes. */
export const NEW_PICTURE: NewMedia = {
  taskId: null,
  profileId: "p",
  kind: "image",
  bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  mime: "image/png",
  prompt: "a lighthouse",
  model: "image-pro",
  size: "64x64",
  duration: null,
  remoteUrl: null,
  requestId: null,
};
