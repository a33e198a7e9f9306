import { describe, expect, it } from "vitest";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { noticeSentence } from "../../shared/text/notice-sentence.ts";
import { taskNotice } from "../../electron/services/desktop/desktop-texts.ts";

const GATEWAY_ERROR =
  '<b>Upstream failed</b> for [your prompt](https://evil.example/track): **content** policy. <img src=x onerror=alert(1)>Contact <a href="https://evil.example">support</a> now. ' +
  "Request body was: ".concat("x".repeat(5_000));

const failed = (errorMessage: string) =>
  ({ status: "failed", kind: "image", errorText: null, errorMessage, prompt: "a lighthouse" }) as unknown as TaskView;

describe("a desktop notification about a failed task", () => {
  it("carries one sentence of the gateway's error text, without its markup", () => {
    const notice = taskNotice(failed(GATEWAY_ERROR), "en");
    expect(notice?.body).toBe("Upstream failed for your prompt: content policy.");
  });

  it("cuts a sentence that runs on, and keeps no control characters", () => {
    const body = taskNotice(failed(`${"word ".repeat(200)}\u202E\u0007`), "en")!.body;
    expect(body.length).toBeLessThanOrEqual(160);
    expect(body.endsWith("…")).toBe(true);
    expect(body).not.toContain("\u0007");
    expect(body).not.toContain("\u202E");
  });

  it("finds the first sentence in Chinese too", () => {
    expect(noticeSentence("<p>上游失败。</p>请联系支持。", "zh-CN")).toBe("上游失败。");
  });

  it("carries a completed task's prompt under the same rules: no markup, no controls, one line, bounded", () => {
    const prompt = `<img src=x onerror=alert(1)>A **lighthouse**\u202Egnp.exe\n${"at dusk ".repeat(100)}`;
    const body = taskNotice({ ...failed(""), status: "completed", prompt } as TaskView, "en")!.body;
    expect(body).not.toMatch(/[<>*\u202E\n]/);
    expect(body.startsWith("A lighthouse gnp.exe at dusk")).toBe(true);
    expect(body.length).toBeLessThanOrEqual(160);
  });
});
