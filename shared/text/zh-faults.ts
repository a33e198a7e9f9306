import type { faultsEn } from "./en-faults.ts";

/** 服务器、磁盘或时钟出错时应用所说的话（docs/limits-and-faults.md）。 */
export const faultsZh: Readonly<Record<keyof typeof faultsEn, string>> = {
  ANSWER_TOO_LARGE: "网关的回应超过 {{megabytes}} MB，应用已停止读取。",
  ANSWER_TIMED_OUT: "网关的回应没有在 {{seconds}} 秒内完整到达。",
  STREAM_STALLED: "网关 {{seconds}} 秒内没有发送任何内容，应用已不再等待回答的其余部分。",
  SSE_LINE_TOO_LONG: "网关发送的数据流行超过 {{megabytes}} MB，应用已停止读取。",
  REPLY_TOO_LONG: "回复超过了 {{count}} 个字符；应用保留了这些内容并停止了它。",
  REPLY_NOT_SAVED: "回复无法保存（{{reason}}）；它保留在内存中，磁盘允许时立即保存。",
  STORAGE_DISK_FULL: "保存应用数据的磁盘已满，此操作未保存。请释放空间后重试；之前保存的内容不会丢失。",
  STORAGE_READ_ONLY: "应用的数据文件夹无法写入（只读），此操作未保存。之前保存的内容不会丢失。",
  STORAGE_LOCKED: "另一个程序占用了应用的数据库，此操作未保存。请关闭它（或应用的另一个副本）后重试。",
  STORAGE_UNREADABLE: "无法打开应用的数据库，此操作未保存。请重启应用。",
  RETRY_AFTER_TOO_LONG: "网关要求等待 {{seconds}} 秒后再试；应用自己最多等待 {{limit}} 秒。请稍后再试。",
  SUBMISSION_MAY_BE_CHARGED:
    "网关前的代理返回了 HTTP {{status}}：任务可能已被接受并收费。应用没有再次发送。重试前请先查看网关控制台（任务和请求日志），否则可能会被收费两次。",
  DOWNLOAD_NOT_MEDIA: "结果地址返回的是 {{type}}，不是 {{kinds}} 文件；未保存任何内容。",
  IMAGE_NOT_MEDIA: "网关发送的图像数据不是 {{kinds}} 文件；未保存任何内容。",
};
