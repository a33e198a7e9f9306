import { describe, expect, it } from "vitest";
import { PageFirst } from "../../../electron/web-host/page-first.ts";

const settled = async (promise: Promise<void>, withinMs: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs)),
  ]);

describe("the page first, while the web host's services load", () => {
  it("gives way at once when no file of the page is being served", async () => {
    expect(await settled(new PageFirst().giveWay(), 5)).toBe(true);
  });

  it("holds the next part while a file is served, and a moment after, for the page's next requests", async () => {
    const order = new PageFirst();
    let finish = () => {};
    const serving = order.served(() => new Promise<void>((resolve) => (finish = resolve)));
    const next = order.giveWay();
    expect(await settled(next, 30)).toBe(false);
    const finishedAt = performance.now();
    finish();
    await serving;
    await next;
    expect(performance.now() - finishedAt).toBeGreaterThanOrEqual(10);
  });

  it("gives way after a file whose serving failed", async () => {
    const order = new PageFirst();
    await expect(order.served(() => Promise.reject(new Error("reset")))).rejects.toThrow("reset");
    expect(await settled(order.giveWay(), 100)).toBe(true);
  });
});
