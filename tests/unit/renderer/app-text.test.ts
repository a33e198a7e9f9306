import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PromptSchema } from "../../../shared/gateway-api/images.ts";
import { ChatSettingsSchema, DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { ProfileInputSchema } from "../../../shared/ipc/profiles.ts";
import { codedText, englishOf, translate } from "../../../shared/text/app-texts.ts";
import { errorText, issueText, sayText, taskFailureText } from "../../../renderer/src/components/app-text.ts";
import { formIssue } from "../../../renderer/src/components/form-issue.ts";
import { appError } from "../../../electron/services/app-error.ts";
import { toIpcError } from "../../../electron/services/error-values.ts";
import { resultNotKept } from "../../../electron/services/tasks/task-failures.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";

describe("a coded sentence", () => {
  it("is filled with its values in either language", () => {
    const text = codedText("SHORTCUT_TAKEN", { shortcut: "Ctrl+Shift+K" });
    expect(translate("en", text)).toBe("Ctrl+Shift+K is taken by another application.");
    expect(translate("zh", text)).toBe("Ctrl+Shift+K 已被其他应用占用。");
  });

  it("picks its plural form by `count` in the language's rules", () => {
    expect(translate("en", codedText("VIDEOS_RUNNING", { count: 1 }))).toBe("1 video is already running");
    expect(translate("en", codedText("VIDEOS_RUNNING", { count: 2 }))).toBe("2 videos are already running");
    expect(translate("zh", codedText("VIDEOS_RUNNING", { count: 2 }))).toBe("已有 2 个视频在生成");
  });

  it("says the sentence it quotes first, in the same language", () => {
    const download = new GatewayError({
      code: "DOWNLOAD_TOO_LARGE",
      text: codedText("DOWNLOAD_TOO_LARGE", { megabytes: 200 }),
    });
    const failure = resultNotKept(download, "task_9");
    expect(failure.message).toBe(
      "The gateway made this result and has charged for it, but the app could not keep it (DOWNLOAD_TOO_LARGE: The result is larger than 200 MB, the most the app keeps; nothing was kept.). It may still be listed in the gateway's console under task task_9.",
    );
    expect(translate("zh", failure.text)).toBe(
      "网关已生成此结果并已收费，但应用未能保存它（DOWNLOAD_TOO_LARGE：结果大于 200 MB（应用保存的上限），未保存任何内容。）。它可能仍在网关控制台中，任务编号为 task_9。",
    );
  });

  it("quotes the gateway's own words as they came", () => {
    const refused = new GatewayError({ code: "not_found", message: "No such file", status: 404 });
    expect(resultNotKept(refused, null).message).toContain("(not_found: No such file)");
  });

  it("is unknown (null) for a code no table has, even one named like an object's own property", () => {
    expect(translate("zh", { code: "NO_SUCH_CODE", params: {} })).toBeNull();
    expect(translate("zh", { code: "constructor", params: {} })).toBeNull();
    expect(englishOf({ code: "NO_SUCH_CODE", params: {} })).toBe("NO_SUCH_CODE");
  });
});

describe("what the window shows of main's errors", () => {
  beforeAll(async () => {
    await i18next.init({ lng: "zh", resources: {} });
  });
  afterEach(async () => {
    await i18next.changeLanguage("zh");
  });

  it("says the app's own errors in the app's language, and keeps their English as the message", async () => {
    const error = toIpcError(appError("KEY_MISSING", { profile: "Work" }));
    expect(error.message).toBe('The profile "Work" has no API key.');
    expect(errorText(error)).toBe("配置“Work”没有 API 密钥。");
    await i18next.changeLanguage("en");
    expect(errorText(error)).toBe('The profile "Work" has no API key.');
  });

  it("shows the gateway's own message verbatim, whatever the language", () => {
    const error = new GatewayError({
      code: "insufficient_balance",
      message: "Balance too low",
      status: 402,
    }).toIpcError();
    expect(errorText(error)).toBe("Balance too low");
  });

  it("falls back to the English message for a code this build cannot say", () => {
    expect(errorText({ code: "X", message: "From a newer main", text: { code: "NEWER_CODE", params: {} } })).toBe(
      "From a newer main",
    );
  });

  it("says why a task waits or failed", () => {
    expect(sayText(codedText("RATE_LIMITED", { seconds: 12 }))).toBe("被网关限流；12 秒后重新发送");
    expect(taskFailureText({ errorText: codedText("TASK_FAILED"), errorMessage: "x" })).toBe(
      "网关报告此任务失败，但没有说明原因。",
    );
    expect(taskFailureText({ errorText: null, errorMessage: "content policy" })).toBe("content policy");
  });
});

describe("what a form says about a refused value", () => {
  beforeAll(async () => {
    await i18next.init({ lng: "zh", resources: {} });
  });

  it("says a schema's own sentence, with the values its refinement attached", async () => {
    const parsed = ChatSettingsSchema.safeParse({ ...DEFAULT_CHAT_SETTINGS, wireFormat: "messages", temperature: 1.5 });
    expect(parsed.success).toBe(false);
    expect(formIssue(parsed.error!).message).toBe("Messages 的温度必须在 0 到 1 之间");
    await i18next.changeLanguage("en");
    expect(formIssue(parsed.error!).message).toBe("Temperature must be between 0 and 1 for Messages");
    await i18next.changeLanguage("zh");
  });

  it("words by kind, in Chinese, a problem whose schema speaks English of its own", async () => {
    const empty = PromptSchema.safeParse("  ");
    const long = PromptSchema.safeParse("x".repeat(5000));
    expect(issueText(empty.error!.issues[0]!)).toBe("必填");
    expect(issueText(long.error!.issues[0]!)).toBe("最多 4000 个字符");
    await i18next.changeLanguage("en");
    expect(issueText(empty.error!.issues[0]!)).toBe("prompt is required");
    await i18next.changeLanguage("zh");
  });

  it("names the field's limits in the profile form", () => {
    const parsed = ProfileInputSchema.safeParse({
      name: "A",
      baseUrl: "https://a.example.com",
      auth: "bearer",
      rpm: 0,
    });
    expect(formIssue(parsed.error!).message).toBe("RPM 必须是 1 到 100000 之间的整数");
  });
});
