import type { attachmentsEn } from "./en-attachments.ts";

export const attachmentsZh: typeof attachmentsEn = {
  attachments: {
    attach: "添加文件",
    limits:
      "图片（PNG、JPEG、WebP、GIF）最大 {{imageMb}} MB，PDF 和 Word（.docx）文档最大 {{documentMb}} MB（发送前 {{pages}} 页、{{chars}} 个字符），文本和代码文件最大 {{textKb}} KB；最多 {{count}} 个文件。",
    inMessage: "待发送的文件",
    sent: "附加的文件",
    remove: "移除 {{name}}",
    bytes_one: "{{count}} 字节",
    bytes_other: "{{count}} 字节",
    kb: "{{kb}} KB",
    document: {
      pdf: "PDF 文档",
      docx: "Word 文档",
      pages_one: "{{count}} 页",
      pages_other: "{{count}} 页",
      pagesOf: "第 1-{{read}} 页，共 {{count}} 页",
      chars: "{{chars}} 个字符",
      cut: "截至 {{chars}} 个字符",
    },
    hint: {
      imagesNotAccepted: "请在“模型”中选择接受图片的模型后重新发送；或移除图片。",
      file: "请移除该文件或换一个文件；消息的其余部分已保留。",
    },
    problem: {
      type: "只能附加 PNG、JPEG、WebP 或 GIF 图片、PDF 和 Word（.docx）文档以及文本文件。",
      tooLarge: "图片最大 {{imageMb}} MB，文档最大 {{documentMb}} MB，文本文件最大 {{textKb}} KB。",
      tooMany: "每条消息最多 {{count}} 个文件。",
      totalTooLarge: "这些文件合计超过一条消息能携带的大小；请分成几条消息发送。",
      unreadable: "无法读取该文件。",
    },
  },
};
