/** What the desktop (notifications, the tray) says in English; the window's budget alerts say the same. */
export const noticesEn = {
  IMAGE_READY: "Your image is ready",
  VIDEO_READY: "Your video is ready",
  IMAGE_FAILED: "Your image failed",
  VIDEO_FAILED: "Your video failed",
  BUDGET_ALERT: "Budget alert: {{profile}}",
  DAILY_BUDGET_REACHED: "Today's budget has reached {{percent}} % ({{used}} of {{budget}}).",
  MONTHLY_BUDGET_REACHED: "This month's budget has reached {{percent}} % ({{used}} of {{budget}}).",
  BALANCE_BELOW: "The balance is {{amount}}, below {{threshold}}.",
  STATUS_BUDGET_UNKNOWN: "Budget unknown",
  STATUS_NO_DAILY_BUDGET: "No daily budget",
  STATUS_LEFT_TODAY: "{{amount}} left today",
  STATUS_TASKS_RUNNING_one: "{{count}} task running",
  STATUS_TASKS_RUNNING_other: "{{count}} tasks running",
};
