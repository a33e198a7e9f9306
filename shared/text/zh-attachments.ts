import {
  ATTACHMENTS_MAX,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
} from "../ipc/attachments.ts";
import type { attachmentTextsEn } from "./en-attachments.ts";

const MB = 1024 * 1024;

export const attachmentTextsZh: Record<keyof typeof attachmentTextsEn, string> = {
  ATTACHMENT_TYPE: "“{{name}}”既不是 PNG、JPEG、WebP 或 GIF 图片，也不是文本文件；只能附加这些文件。",
  ATTACHMENT_TOO_LARGE: `图片最大 ${IMAGE_ATTACHMENT_MAX_BYTES / MB} MB，文本文件最大 ${TEXT_ATTACHMENT_MAX_BYTES / 1024} KB`,
  ATTACHMENT_UNREADABLE: "无法读取附加的文件",
  ATTACHMENTS_TOO_MANY: `每条消息最多 ${ATTACHMENTS_MAX} 个文件`,
  ATTACHMENTS_TOO_LARGE: `一条消息的文件合计最大 ${ATTACHMENTS_TOTAL_MAX_BYTES / MB} MB`,
  ATTACHMENT_NOT_FOUND: "这个附件已不再保存。",
  IMAGES_NOT_ACCEPTED: "此模型不接受图片（{{model}}）。请选择接受图片的模型，或移除图片；你的消息已保留。",
};
