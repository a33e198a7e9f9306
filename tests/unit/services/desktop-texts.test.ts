import { describe, expect, it } from "vitest";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { budgetAlertNotice, taskNotice, trayStatus } from "../../../electron/services/desktop/desktop-texts.ts";
import { balanceReading } from "../../support/balance-reading.ts";

const reading = (dailyRemaining: number | null) =>
  dailyRemaining === null
    ? balanceReading({ dailyBudget: null, monthlyBudget: null })
    : balanceReading({ dailyUsed: 10 - dailyRemaining, monthlyBudget: null });

const task = (change: Partial<TaskView>): TaskView => ({
  id: "t",
  profileId: "p",
  kind: "video",
  model: "video-pro",
  prompt: "a lighthouse at dusk",
  status: "completed",
  progress: 100,
  remoteId: "task_1",
  requestId: null,
  waitReason: null,
  errorCode: null,
  errorMessage: null,
  errorText: null,
  notice: null,
  createdAt: "2026-11-23T04:00:00.000Z",
  submittedAt: null,
  updatedAt: "2026-11-23T04:00:00.000Z",
  finishedAt: null,
  nextPollAt: null,
  expectedAt: null,
  mediaIds: [],
  cost: null,
  ...change,
});

describe("the tray's status line", () => {
  it("says today's remaining budget and the running tasks, in the window's language", () => {
    expect(trayStatus(reading(3.2), 2, "en")).toBe("¥3.20 left today · 2 tasks running");
    expect(trayStatus(reading(3.2), 1, "en")).toBe("¥3.20 left today · 1 task running");
    expect(trayStatus(reading(null), 0, "en")).toBe("No daily budget");
    expect(trayStatus(null, 0, "en")).toBe("Budget unknown");
    expect(trayStatus(reading(3.2), 2, "zh")).toBe("今日剩余 ¥3.20 · 2 个任务进行中");
    expect(trayStatus(null, 0, "zh")).toBe("预算未知");
  });
});

describe("notifications", () => {
  it("name the budget and the amounts of a fired alert", () => {
    const base = { profileId: "p", profileName: "Work", firedAt: "2026-11-23T04:00:00.000Z" };
    const daily = { ...base, metric: "daily", threshold: 80, value: 8.1, limit: 10 } as const;
    expect(budgetAlertNotice(daily, "en")).toEqual({
      title: "Budget alert: Work",
      body: "Today's budget has reached 80 % (¥8.10 of ¥10.00).",
    });
    expect(budgetAlertNotice(daily, "zh")).toEqual({
      title: "预算提醒：Work",
      body: "今日预算已用到 80%（¥10.00 中已用 ¥8.10）。",
    });
    const balance = { ...base, metric: "balance", threshold: 5, value: 4.2, limit: null } as const;
    expect(budgetAlertNotice(balance, "en").body).toBe("The balance is ¥4.20, below ¥5.00.");
  });

  it("say a task is ready, or why it failed in the window's language, and nothing while it runs", () => {
    expect(taskNotice(task({}), "zh")).toEqual({ title: "你的视频已生成", body: "a lighthouse at dusk" });
    const failed = task({
      status: "failed",
      errorCode: "upstream_error",
      errorMessage: "The gateway reported this task as failed without saying why.",
      errorText: codedText("TASK_FAILED"),
    });
    expect(taskNotice(failed, "zh")).toEqual({
      title: "你的视频生成失败",
      body: "网关报告此任务失败，但没有说明原因。",
    });
    expect(taskNotice(failed, "en")?.body).toBe("The gateway reported this task as failed without saying why.");
    const refused = task({ status: "failed", errorCode: "content_policy", errorMessage: "Refused by policy" });
    expect(taskNotice(refused, "zh")?.body).toBe("Refused by policy");
    expect(taskNotice(task({ status: "processing" }), "en")).toBeNull();
  });
});
