import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
} from "../ipc/attachments.ts";
import { DOCUMENT_ATTACHMENT_MAX_BYTES } from "../ipc/documents.ts";
import type { attachmentTextsEn } from "./en-attachments.ts";

const MB = 1024 * 1024;

export const attachmentTextsZh: Record<keyof typeof attachmentTextsEn, string> = {
  ATTACHMENT_TYPE:
    "“{{name}}”不是 PNG、JPEG、WebP 或 GIF 图片，不是 PDF 或 Word（.docx）文档，也不是文本文件；只能附加这些文件。",
  ATTACHMENT_TOO_LARGE: `图片最大 ${IMAGE_ATTACHMENT_MAX_BYTES / MB} MB，文档最大 ${DOCUMENT_ATTACHMENT_MAX_BYTES / MB} MB，文本文件最大 ${TEXT_ATTACHMENT_MAX_BYTES / 1024} KB`,
  ATTACHMENT_UNREADABLE: "无法读取附加的文件",
  ATTACHMENTS_TOO_MANY: `每条消息最多 ${ATTACHMENTS_MAX} 个文件`,
  ATTACHMENTS_TOO_LARGE: `一条消息的文件合计最大 ${ATTACHMENTS_TOTAL_MAX_BYTES / MB} MB`,
  ATTACHMENT_NOT_FOUND: "这个附件已不再保存。",
  DOCUMENT_NO_TEXT:
    "“{{name}}”没有可读取的文字：它可能是扫描件（页面的图片）。请改为以图片附加这些页面，或附加带文字层的副本。",
  DOCUMENT_ENCRYPTED: "“{{name}}”受密码保护。请打开它，另存一份不带密码的副本，再附加该副本。",
  DOCUMENT_DAMAGED: "无法读取“{{name}}”：文件已损坏，或并非它看起来的 PDF 或 Word 文档。",
  DOCUMENT_NOT_WORD: "“{{name}}”是压缩包，但不是 Word（.docx）文档；只能读取 .docx 压缩包。",
  DOCUMENT_TOO_COMPLEX: "无法在 {{seconds}} 秒和允许的内存内读取“{{name}}”；请附加其中较小的一部分。",
  IMAGES_NOT_ACCEPTED: "此模型不接受图片（{{model}}）。请选择接受图片的模型，或移除图片；你的消息已保留。",
};
