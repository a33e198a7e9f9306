import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { TaskViewSchema } from "../../../shared/ipc/tasks.ts";
import { startMain, type StartedMain } from "./start-main.ts";

let main: StartedMain;
beforeAll(async () => {
  main = await startMain();
});
afterAll(() => main.quit());

/** The app's own files; the embedded gateway's folder is the server side, which must know its keys. */
function appFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !relative(dir, entry.parentPath).startsWith("local-gateway"))
    .map((entry) => join(entry.parentPath, entry.name));
}

const TaskListAnswer = z.object({ ok: z.literal(true), data: z.array(TaskViewSchema) });

async function generateImage(): Promise<void> {
  const answer = await main.invoke("images.generate", {
    model: "image-fast",
    prompt: "a red square",
    n: 1,
    size: "64x64",
    responseFormat: "b64_json",
    async: false,
  });
  expect(answer).toMatchObject({ ok: true });
}

async function completedTasks(): Promise<z.infer<typeof TaskViewSchema>[]> {
  const { data } = TaskListAnswer.parse(await main.invoke("tasks.list", {}));
  return data.filter((task) => task.status === "completed");
}

describe("services main starts", () => {
  test("the vault keeps the embedded gateway's key sealed by safeStorage, never in plain text on disk", () => {
    const sealed = main.recording.encryptedPlaintexts;
    expect(sealed.length).toBeGreaterThan(0);
    const files = appFilesUnder(main.recording.userData);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const plaintext of sealed) expect(bytes.includes(plaintext), `${plaintext} in ${file}`).toBe(false);
    }
  });

  test("a completed task is announced by a notification that opens it in Tasks when clicked", async () => {
    await main.invoke("app.info", undefined);
    await generateImage();
    await vi.waitFor(
      () => expect(main.recording.shownNotifications.map(({ title }) => title)).toContain("Your image is ready"),
      { timeout: 20_000 },
    );
    const [task] = await completedTasks();
    main.mainWindow.hide();
    main.recording.shownNotifications.find(({ title }) => title === "Your image is ready")?.click();
    expect(main.mainWindow.isVisible()).toBe(true);
    expect(main.window.sent).toContainEqual({ channel: "app.openPane", payload: { pane: "tasks", taskId: task?.id } });
  });

  test("notifications, the tray and the menu speak the language the window reports", async () => {
    expect(await main.invoke("app.setLanguage", { language: "zh" })).toEqual({ ok: true, data: { language: "zh" } });
    expect(await main.invoke("app.setLanguage", { language: "fr" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_PAYLOAD" },
    });
    await generateImage();
    await vi.waitFor(
      () => expect(main.recording.shownNotifications.map(({ title }) => title)).toContain("你的图片已生成"),
      { timeout: 20_000 },
    );
    expect(main.recording.notifications.at(-1)).toMatchObject({ title: "你的图片已生成", body: "a red square" });
    expect(main.recording.trayTooltips.at(-1)).toMatch(/^ModelDesk — (今日剩余|没有每日预算|预算未知)/);
    expect(main.recording.trayMenus.at(-1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: "打开预算" }),
        expect.objectContaining({ label: "打开任务" }),
      ]),
    );
    const menuLabels = () =>
      (main.recording.applicationMenus.at(-1) ?? []).flatMap((entry) => [
        entry.label,
        ...(Array.isArray(entry.submenu) ? entry.submenu.map((item) => item.label) : []),
      ]);
    expect(menuLabels()).toEqual(expect.arrayContaining(["新对话", "快速对话", "设置…", "视图"]));
    await main.invoke("app.setLanguage", { language: "en" });
    expect(menuLabels()).toEqual(expect.arrayContaining(["New chat", "Quick chat", "Settings…", "View"]));
  });

  test("media:// serves the completed task's image by its id", async () => {
    const [task] = await completedTasks();
    const [mediaId] = task?.mediaIds ?? [];
    expect(mediaId).toBeDefined();
    const response = await main.request("media", `media://local/${mediaId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
  });

  test("the tray shows the status summary and a menu to open the budget or the tasks, or quit", () => {
    expect(main.recording.trayTooltips.at(-1)).toMatch(/^ModelDesk — /);
    expect(main.recording.trayMenus.at(-1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: "Open Budget" }),
        expect.objectContaining({ label: "Open Tasks" }),
        expect.objectContaining({ role: "quit" }),
      ]),
    );
  });
});
