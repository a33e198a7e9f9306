import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
} from "../ipc/attachments.ts";

const MB = 1024 * 1024;

/** Why attached files are refused, in English; the schemas and main name these by code. */
export const attachmentTextsEn = {
  ATTACHMENT_TYPE: '"{{name}}" is neither a PNG, JPEG, WebP or GIF image nor a text file; only those can be attached.',
  ATTACHMENT_TOO_LARGE: `Images can be at most ${IMAGE_ATTACHMENT_MAX_BYTES / MB} MB and text files ${TEXT_ATTACHMENT_MAX_BYTES / 1024} KB`,
  ATTACHMENT_UNREADABLE: "An attached file could not be read",
  ATTACHMENTS_TOO_MANY: `At most ${ATTACHMENTS_MAX} files per message`,
  ATTACHMENTS_TOO_LARGE: `The files of one message can be at most ${ATTACHMENTS_TOTAL_MAX_BYTES / MB} MB together`,
  ATTACHMENT_NOT_FOUND: "This attached file is no longer kept.",
  IMAGES_NOT_ACCEPTED:
    "This model does not take images ({{model}}). Choose a model that does, or remove the images; your message is kept.",
};
