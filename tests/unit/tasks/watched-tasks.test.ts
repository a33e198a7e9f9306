import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { WatchedTasks, type NewTask } from "../../../electron/services/tasks/watched-tasks.ts";
import { TaskTable } from "../../../electron/services/tasks/task-table.ts";
import { tempDir } from "../../support/local-gateway.ts";

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const IMAGE: NewTask = {
  profileId: "p",
  kind: "image",
  model: "image-pro",
  prompt: "a harbour",
  params: { n: 1, size: "64x64" },
  status: "submitting",
};

function watchedTasks(expectedAt: ConstructorParameters<typeof WatchedTasks>[3] = undefined) {
  const dataDir = tempDir("watched-tasks-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`);
  const shown: TaskView[] = [];
  const tasks = new WatchedTasks(new TaskTable(db), media, (view) => shown.push(view), expectedAt);
  return { tasks, shown };
}

describe("the watched tasks", () => {
  it("writes a new task whole, dated now, and shows it at once", () => {
    const { tasks, shown } = watchedTasks();
    const row = tasks.insert(IMAGE);
    expect(row).toMatchObject({
      profile_id: "p",
      kind: "image",
      model: "image-pro",
      prompt: "a harbour",
      params: JSON.stringify(IMAGE.params),
      status: "submitting",
      progress: 0,
      remote_id: null,
      error_code: null,
      created_at: NOW,
      submitted_at: NOW,
      updated_at: NOW,
      finished_at: null,
      next_poll_at: null,
      wait_started_at: null,
    });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(shown).toEqual([tasks.viewOf(row.id)]);
  });

  it("dates a submission only for a task being submitted, not one held to wait for its slot", () => {
    const { tasks } = watchedTasks();
    expect(tasks.insert({ ...IMAGE, kind: "video", status: "waiting" }).submitted_at).toBeNull();
  });

  it("shows a change only when it was made, and makes none from a status it was not allowed from", () => {
    const { tasks, shown } = watchedTasks();
    const { id } = tasks.insert(IMAGE);
    expect(tasks.change(id, { status: "processing", remote_id: "task_1" }, ["submitting"])).toBe(true);
    expect(shown.at(-1)).toMatchObject({ status: "processing", remoteId: "task_1" });
    expect(tasks.change(id, { status: "completed" }, ["submitting"])).toBe(false);
    expect(shown).toHaveLength(2);
    expect(tasks.require(id).status).toBe("processing");
  });

  it("changes nothing once the engine closed", () => {
    const { tasks, shown } = watchedTasks();
    const { id } = tasks.insert(IMAGE);
    tasks.close();
    expect(tasks.closed).toBe(true);
    expect(tasks.change(id, { status: "processing" })).toBe(false);
    expect(tasks.require(id).status).toBe("submitting");
    expect(shown).toHaveLength(1);
  });

  it("fails a task with its code, message and coded text, ends its polling and dates its end", () => {
    const { tasks } = watchedTasks();
    const { id } = tasks.insert(IMAGE);
    tasks.change(id, { status: "processing", next_poll_at: NOW + 4000, request_id: "req_submit" });
    vi.setSystemTime(NOW + 9000);
    const text = codedText("DOWNLOAD_NO_BODY");
    tasks.fail(id, { code: "DOWNLOAD_FAILED", message: "no body", text, requestId: "req_poll" });
    expect(tasks.require(id)).toMatchObject({
      status: "failed",
      error_code: "DOWNLOAD_FAILED",
      error_message: "no body",
      error_text: JSON.stringify(text),
      request_id: "req_poll",
      finished_at: NOW + 9000,
      next_poll_at: null,
      wait_reason: null,
    });
  });

  it("keeps the request id it had when a failure names none, and stores no coded text for the gateway's own words", () => {
    const { tasks } = watchedTasks();
    const { id } = tasks.insert(IMAGE);
    tasks.change(id, { request_id: "req_submit", wait_reason: JSON.stringify(codedText("DOWNLOAD_NO_BODY")) });
    tasks.fail(id, { code: "content_policy", message: "Refused by the gateway", text: null });
    expect(tasks.require(id)).toMatchObject({ request_id: "req_submit", error_text: null, wait_reason: null });
    expect(tasks.viewOf(id)).toMatchObject({ errorText: null, errorMessage: "Refused by the gateway" });
  });

  it("says a task it does not have is not found", () => {
    const { tasks } = watchedTasks();
    expect(() => tasks.viewOf("gone")).toThrow(expect.objectContaining({ code: "TASK_NOT_FOUND" }));
  });

  it("shows when a running task is expected to complete", () => {
    const { tasks } = watchedTasks((row) => (row.status === "processing" ? NOW + 60_000 : null));
    const { id } = tasks.insert(IMAGE);
    expect(tasks.viewOf(id).expectedAt).toBeNull();
    tasks.change(id, { status: "processing" });
    expect(tasks.viewOf(id).expectedAt).toBe(new Date(NOW + 60_000).toISOString());
  });
});
