import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { showTaskChange, withTask } from "../../../renderer/src/api/task-list-update.ts";
import { taskKeys } from "../../../renderer/src/api/task-queries.ts";

// The queries module reaches main through `window.api`; these tests never call it.
vi.hoisted(() => Object.assign(globalThis, { window: { api: {} } }));

const task = (id: string, change: Partial<TaskView> = {}): TaskView => ({
  id,
  profileId: "p1",
  kind: "image",
  model: "image-pro",
  prompt: `prompt ${id}`,
  status: "processing",
  progress: 10,
  remoteId: `remote-${id}`,
  requestId: null,
  waitReason: null,
  errorCode: null,
  errorMessage: null,
  errorText: null,
  notice: null,
  createdAt: "2026-11-29T10:00:00.000Z",
  submittedAt: "2026-11-29T10:00:00.000Z",
  updatedAt: "2026-11-29T10:00:00.000Z",
  finishedAt: null,
  nextPollAt: null,
  expectedAt: null,
  mediaIds: [],
  cost: null,
  ...change,
});

describe("a changed task in the list shown", () => {
  it("takes its place, the other tasks unchanged", () => {
    const list = [task("c"), task("b"), task("a")];
    const updated = withTask(list, task("b", { progress: 60 }));
    expect(updated?.map((shown) => [shown.id, shown.progress])).toEqual([
      ["c", 10],
      ["b", 60],
      ["a", 10],
    ]);
    expect(updated?.[0]).toBe(list[0]);
  });

  it("goes first when it is new, as the newest", () => {
    const list = [task("b"), task("a")];
    expect(withTask(list, task("c", { status: "submitting" }))?.map((shown) => shown.id)).toEqual(["c", "b", "a"]);
  });

  it("is read again with the list when finished and not in it: it may have been cleared", () => {
    expect(withTask([task("a")], task("old", { status: "completed" }))).toBeNull();
  });
});

describe("showing a task's change", () => {
  it("patches its profile's list without reading it again", () => {
    const client = new QueryClient();
    client.setQueryData(taskKeys.tasks("p1"), [task("b"), task("a")]);
    showTaskChange(client, task("a", { status: "completed", progress: 100 }));
    expect(client.getQueryData<TaskView[]>(taskKeys.tasks("p1"))?.map((shown) => shown.status)).toEqual([
      "processing",
      "completed",
    ]);
    expect(client.getQueryState(taskKeys.tasks("p1"))?.isInvalidated).toBe(false);
  });

  it("has the list read again when it cannot place the task", () => {
    const client = new QueryClient();
    client.setQueryData(taskKeys.tasks("p1"), [task("a")]);
    showTaskChange(client, task("cleared", { status: "failed" }));
    expect(client.getQueryState(taskKeys.tasks("p1"))?.isInvalidated).toBe(true);
  });
});
