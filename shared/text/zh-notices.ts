import type { noticesEn } from "./en-notices.ts";

export const noticesZh: Record<keyof typeof noticesEn, string> = {
  IMAGE_READY: "你的图片已生成",
  VIDEO_READY: "你的视频已生成",
  IMAGE_FAILED: "你的图片生成失败",
  VIDEO_FAILED: "你的视频生成失败",
  BUDGET_ALERT: "预算提醒：{{profile}}",
  DAILY_BUDGET_REACHED: "今日预算已用到 {{percent}}%（{{budget}} 中已用 {{used}}）。",
  MONTHLY_BUDGET_REACHED: "本月预算已用到 {{percent}}%（{{budget}} 中已用 {{used}}）。",
  BALANCE_BELOW: "余额为 {{amount}}，低于 {{threshold}}。",
  STATUS_BUDGET_UNKNOWN: "预算未知",
  STATUS_NO_DAILY_BUDGET: "没有每日预算",
  STATUS_LEFT_TODAY: "今日剩余 {{amount}}",
  STATUS_TASKS_RUNNING_one: "{{count}} 个任务进行中",
  STATUS_TASKS_RUNNING_other: "{{count}} 个任务进行中",
};
