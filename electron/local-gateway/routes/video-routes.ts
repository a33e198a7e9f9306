import type { FastifyInstance } from "fastify";
import { VideoGenerationRequestSchema, type VideoTask } from "../../../shared/gateway-api/video.ts";
import type { GatewayContext } from "../gateway-context.ts";
import { loadReferenceImage } from "../media/reference-image.ts";
import { parseBody } from "../request-body.ts";
import { taskNotFound } from "../tasks/simulated-task-runner.ts";
import { videoTaskOf } from "../tasks/task-views.ts";

export function registerVideoRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post("/v1/video/generations", async (request): Promise<VideoTask> => {
    const body = parseBody(VideoGenerationRequestSchema, request.body);
    const key = request.apiKey;
    const model = ctx.models.resolve(body.model, "video", key);
    const size = body.size ?? "1280x720";
    const duration = body.duration ?? 5;
    const cost = ctx.billing.unitPrice(model, size) * duration;
    ctx.billing.ensureCanSpend(key, cost, ctx.now());
    ctx.videoAdmission.admit(key, ctx.now());
    const reference = body.image ? await loadReferenceImage(body.image, ctx.referenceChecks) : undefined;
    // The download may have taken a while: check the limits again right before accepting.
    ctx.videoAdmission.admit(key, ctx.now());
    const task = ctx.tasks.submit({
      key,
      model,
      kind: "video",
      params: { prompt: body.prompt, size, duration },
      requestId: request.id,
      cost,
      referenceImage: reference,
    });
    return videoTaskOf(task, ctx.origin());
  });

  app.get<{ Params: { taskId: string } }>("/v1/video/generations/:taskId", async (request): Promise<VideoTask> => {
    const task = ctx.tasks.find(request.params.taskId, request.apiKey.id);
    if (!task || task.kind !== "video") throw taskNotFound(request.params.taskId);
    return videoTaskOf(task, ctx.origin());
  });
}
