import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
} from "../ipc/attachments.ts";
import { DOCUMENT_ATTACHMENT_MAX_BYTES } from "../ipc/documents.ts";

const MB = 1024 * 1024;

/** Why attached files are refused, in English; the schemas and main name these by code. */
export const attachmentTextsEn = {
  ATTACHMENT_TYPE:
    '"{{name}}" is neither a PNG, JPEG, WebP or GIF image, a PDF or Word (.docx) document nor a text file; only those can be attached.',
  ATTACHMENT_TOO_LARGE: `Images can be at most ${IMAGE_ATTACHMENT_MAX_BYTES / MB} MB, documents ${DOCUMENT_ATTACHMENT_MAX_BYTES / MB} MB and text files ${TEXT_ATTACHMENT_MAX_BYTES / 1024} KB`,
  ATTACHMENT_UNREADABLE: "An attached file could not be read",
  ATTACHMENTS_TOO_MANY: `At most ${ATTACHMENTS_MAX} files per message`,
  ATTACHMENTS_TOO_LARGE: `The files of one message can be at most ${ATTACHMENTS_TOTAL_MAX_BYTES / MB} MB together`,
  ATTACHMENT_NOT_FOUND: "This attached file is no longer kept.",
  DOCUMENT_NO_TEXT:
    '"{{name}}" has no text to read: it may be a scan (pictures of pages). Attach the pages as images instead, or a copy with a text layer.',
  DOCUMENT_ENCRYPTED:
    '"{{name}}" is protected by a password. Open it, save a copy without the password, and attach that copy.',
  DOCUMENT_DAMAGED:
    '"{{name}}" could not be read: the file is damaged or is not the PDF or Word document it seems to be.',
  DOCUMENT_NOT_WORD: '"{{name}}" is an archive but not a Word (.docx) document; only .docx archives can be read.',
  DOCUMENT_TOO_COMPLEX:
    '"{{name}}" could not be read within {{seconds}} s and the memory allowed; attach a smaller part of it.',
  IMAGES_NOT_ACCEPTED:
    "This model does not take images ({{model}}). Choose a model that does, or remove the images; your message is kept.",
};
