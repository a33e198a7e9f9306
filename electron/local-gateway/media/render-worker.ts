import { isMarkedAsUntransferable, parentPort } from "node:worker_threads";
import { runRenderJob, type RenderJobs, type RenderKind, type RenderReply, type RenderRequest } from "./render-jobs.ts";

/**
 * The render worker thread: runs the jobs the pool sends, one at a time, and hands the files back
 * by transferring their memory rather than copying it.
 */
const port = parentPort;
if (!port) throw new Error("render-worker.ts runs only as a worker thread");

port.on("message", async (request: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { id: request.id, ok: true, output: owned(await runRenderJob(request.kind, request.input)) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, reply.ok ? buffersOf(reply.output) : []);
});

type Output = RenderJobs[RenderKind]["output"];

/**
 * The output with each byte array alone in a buffer it may give away: an encoder may hand back a
 * view into a larger buffer (which would travel whole) or into Node's shared Buffer pool.
 */
function owned(output: Output): Output {
  const own = (bytes: Uint8Array) =>
    bytes.byteLength === bytes.buffer.byteLength && !isMarkedAsUntransferable(bytes.buffer)
      ? bytes
      : new Uint8Array(bytes);
  if (Array.isArray(output)) return output.map(own);
  return output instanceof Uint8Array ? own(output) : output;
}

function buffersOf(output: Output): ArrayBuffer[] {
  const arrays = Array.isArray(output) ? output : output instanceof Uint8Array ? [output] : [];
  return arrays.flatMap((bytes) => (bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []));
}
