import type { FastifyInstance } from "fastify";
import { ImageGenerationRequestSchema, type ImageResult } from "../../../shared/gateway-api/images.ts";
import type { AsyncTask } from "../../../shared/gateway-api/tasks.ts";
import type { GatewayContext } from "../gateway-context.ts";
import { parseSize, revisedPrompt } from "../media/image-spec.ts";
import { seedFrom, seededRandom } from "../media/seeded-random.ts";
import { syncFaultError } from "../model-registry.ts";
import { parseBody } from "../request-body.ts";

export function registerImageRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post("/v1/images/generations", async (request): Promise<AsyncTask | ImageResult> => {
    const body = parseBody(ImageGenerationRequestSchema, request.body);
    const key = request.apiKey;
    const model = ctx.models.resolve(body.model, "image", key);
    const n = body.n ?? 1;
    const { width, height } = parseSize(body.size ?? "1024x1024");
    const cost = ctx.billing.unitPrice(model, `${width}x${height}`) * n;
    ctx.billing.ensureCanSpend(key, cost, ctx.now());

    // Async when asked, or always for a model configured as async.
    if (body.async === true || model.syncMode === "async") {
      const task = ctx.tasks.submit({
        key,
        model,
        kind: "image",
        params: { prompt: body.prompt, width, height, n, seed: body.seed },
        requestId: request.id,
        cost,
      });
      return {
        id: task.id,
        status: "queued",
        progress: 0,
        created_at: new Date(task.created_at).toISOString(),
        request_id: request.id,
      };
    }

    const fault = syncFaultError(model);
    if (fault) throw fault;
    const random = seededRandom(seedFrom(request.id));
    await ctx.pacing.wait(ctx.pacing.durationBetween(ctx.config.syncImageSeconds, random()));
    const images = await ctx.renders.run("images", { prompt: body.prompt, width, height, count: n, seed: body.seed });
    const now = ctx.now();
    ctx.billing.charge(key, model.code, cost, request.id, now);
    const revised = revisedPrompt(body.prompt);
    const expiresAt = now + ctx.config.taskRetentionSeconds * 1000;
    return {
      created: Math.floor(now / 1000),
      data: await Promise.all(
        images.map(async (png) =>
          body.response_format === "b64_json"
            ? {
                b64_json: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString("base64"),
                revised_prompt: revised,
              }
            : { url: ctx.origin() + (await ctx.media.save(png, "png", null, now, expiresAt)), revised_prompt: revised },
        ),
      ),
    };
  });
}
