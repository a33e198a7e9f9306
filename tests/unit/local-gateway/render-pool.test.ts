import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { RenderPool } from "../../../electron/local-gateway/media/render-pool.ts";
import { decodePng } from "../../support/media-probe.ts";

const STAND_IN = new URL("./fixtures/stand-in-render-worker.ts", import.meta.url);
const pools: RenderPool[] = [];
const pool = (options: ConstructorParameters<typeof RenderPool>[0] = {}) => {
  const created = new RenderPool(options);
  pools.push(created);
  return created;
};
afterEach(() => Promise.all(pools.splice(0).map((created) => created.close())));

const image = (prompt: string) => ({ prompt, width: 64, height: 48, count: 1 });
/** The thread the stand-in answered from. */
const threadOf = ([bytes]: Uint8Array[]) => new Int32Array(bytes!.buffer, bytes!.byteOffset, 1)[0];

describe("the render pool", () => {
  it("renders on a worker thread and hands the files over whole", async () => {
    const [png] = await pool().run("images", image("green hills"));
    expect(decodePng(png!)).toMatchObject({ width: 64, height: 48 });
    // Transferred, not copied into a larger shared buffer.
    expect(png!.buffer.byteLength).toBe(png!.byteLength);
    expect(threadOf(await pool({ workerUrl: STAND_IN }).run("images", image("who")))).not.toBe(threadId);
  });

  it("fails a job that throws and keeps its worker for the next", async () => {
    const renders = pool({ size: 1 });
    const video = { prompt: "x", width: 64, height: 48, durationSeconds: 5, seed: 1 };
    await expect(renders.run("video", { ...video, referenceFile: "/nonexistent/reference" })).rejects.toThrow(/ENOENT/);
    expect((await renders.run("video", { ...video, referenceFile: null })).byteLength).toBeGreaterThan(0);
  });

  it.each(["exit", "throw"])("fails the job of a worker that dies (%s) and starts a new worker", async (death) => {
    const renders = pool({ size: 1, workerUrl: STAND_IN });
    const first = threadOf(await renders.run("images", image("before")));
    const dying = renders.run("images", image(death));
    const queued = renders.run("images", image("queued behind the death"));
    await expect(dying).rejects.toThrow();
    const next = threadOf(await queued);
    expect(next).not.toBe(first);
    expect(threadOf(await renders.run("images", image("after")))).toBe(next);
  });

  it("runs jobs on up to `size` workers at once", async () => {
    const renders = pool({ size: 2, workerUrl: STAND_IN });
    void renders.run("images", image("hang")).catch(() => undefined);
    // The second worker answers while the first is busy.
    expect(threadOf(await renders.run("images", image("beside")))).toBeGreaterThan(0);
  });

  it("on close, fails the running and the queued jobs and takes no more", async () => {
    const renders = pool({ size: 1, workerUrl: STAND_IN });
    const failures = Promise.all([
      expect(renders.run("images", image("hang"))).rejects.toThrow(/stopped/),
      expect(renders.run("images", image("queued"))).rejects.toThrow(/closed/),
    ]);
    await renders.close();
    await failures;
    await expect(renders.run("images", image("late"))).rejects.toThrow(/closed/);
  });
});
