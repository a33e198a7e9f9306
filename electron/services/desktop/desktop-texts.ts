import type { Balance } from "../../../shared/gateway-api/balance.ts";
import type { TextParams } from "../../../shared/ipc/coded-text.ts";
import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { codedText, translate, type TextCode } from "../../../shared/text/app-texts.ts";
import { LOCALES, type Language } from "../../../shared/text/languages.ts";
import { formatMoneyWith, moneyOptions } from "../../../shared/text/money.ts";
import { noticeSentence } from "../../../shared/text/notice-sentence.ts";

/** A desktop notification's words. */
export interface Notice {
  readonly title: string;
  readonly body: string;
}

// Every code here is in every language's table (their types require it), so the code never shows.
const say = (language: Language, code: TextCode, params?: TextParams) =>
  translate(language, codedText(code, params)) ?? code;

const moneyIn = (language: Language) => (amount: number) =>
  formatMoneyWith((style) => new Intl.NumberFormat(LOCALES[language], moneyOptions(style)), amount);

const READY: Record<TaskView["kind"], TextCode> = { image: "IMAGE_READY", video: "VIDEO_READY" };
const FAILED: Record<TaskView["kind"], TextCode> = { image: "IMAGE_FAILED", video: "VIDEO_FAILED" };

/**
 * What a finished task's notification says: that it is ready, or that it failed and why (one
 * sentence of it, markup stripped); null while it runs.
 */
export function taskNotice(task: TaskView, language: Language): Notice | null {
  if (task.status !== "completed" && task.status !== "failed") return null;
  const title = say(language, task.status === "completed" ? READY[task.kind] : FAILED[task.kind]);
  const failure = task.errorText ? translate(language, task.errorText) : task.errorMessage;
  // The prompt too is text the app did not write (a pasted prompt may hold markup or bidi controls).
  return { title, body: noticeSentence(failure || task.prompt, LOCALES[language]) };
}

/** What a fired budget alert's notification says: the profile, the budget and the amounts. */
export function budgetAlertNotice(alert: BudgetAlert, language: Language): Notice {
  const money = moneyIn(language);
  const body =
    alert.metric === "balance"
      ? say(language, "BALANCE_BELOW", { amount: money(alert.value), threshold: money(alert.threshold) })
      : say(language, alert.metric === "daily" ? "DAILY_BUDGET_REACHED" : "MONTHLY_BUDGET_REACHED", {
          percent: alert.threshold,
          used: money(alert.value),
          budget: alert.limit === null ? "—" : money(alert.limit),
        });
  return { title: say(language, "BUDGET_ALERT", { profile: alert.profileName }), body };
}

/** One line for the tray: today's remaining budget and the running tasks. */
export function trayStatus(reading: Balance | null, runningTasks: number, language: Language): string {
  const remaining = reading?.api_key.daily_remaining;
  const budget =
    reading === null
      ? say(language, "STATUS_BUDGET_UNKNOWN")
      : remaining === null || remaining === undefined
        ? say(language, "STATUS_NO_DAILY_BUDGET")
        : say(language, "STATUS_LEFT_TODAY", { amount: moneyIn(language)(remaining) });
  return runningTasks === 0 ? budget : `${budget} · ${say(language, "STATUS_TASKS_RUNNING", { count: runningTasks })}`;
}

/** The labels of the application menu and the tray menu. */
export interface MenuTexts {
  readonly file: string;
  readonly view: string;
  readonly newChat: string;
  readonly quickChat: string;
  readonly settings: string;
  readonly openBudget: string;
  readonly openTasks: string;
  readonly quit: string;
}

export function menuTexts(language: Language): MenuTexts {
  return {
    file: say(language, "MENU_FILE"),
    view: say(language, "MENU_VIEW"),
    newChat: say(language, "MENU_NEW_CHAT"),
    quickChat: say(language, "MENU_QUICK_CHAT"),
    settings: say(language, "MENU_SETTINGS"),
    openBudget: say(language, "TRAY_OPEN_BUDGET"),
    openTasks: say(language, "TRAY_OPEN_TASKS"),
    quit: say(language, "TRAY_QUIT"),
  };
}
