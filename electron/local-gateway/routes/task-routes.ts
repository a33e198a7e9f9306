import type { FastifyInstance } from "fastify";
import type { TaskRecord } from "../../../shared/gateway-api/tasks.ts";
import type { GatewayContext } from "../gateway-context.ts";
import { taskNotFound } from "../tasks/simulated-task-runner.ts";
import { taskRecordOf } from "../tasks/task-views.ts";
import { publishedPricing } from "../published-pricing.ts";
import { takesImages } from "../text/received-images.ts";
import { takesTools } from "../text/offered-tools.ts";
import type { ModelConfig } from "../config.ts";

/** OpenRouter's way of saying what a model reads and writes, so a client knows which take images. */
const modalitiesOf = (model: ModelConfig) => ({
  input_modalities: takesImages(model) ? ["text", "image"] : ["text"],
  output_modalities: ["text"],
});

/** OpenRouter's list of the parameters a chat model honours; `tools` in it says the model takes tools. */
const supportedParameters = (model: ModelConfig) => [
  "max_tokens",
  "stop",
  "temperature",
  "top_p",
  ...(takesTools(model) ? ["tools", "tool_choice", "parallel_tool_calls"] : []),
];

export function registerTaskRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { taskId: string } }>("/v1/tasks/:taskId", async (request): Promise<TaskRecord> => {
    const task = ctx.tasks.find(request.params.taskId, request.apiKey.id);
    if (!task) throw taskNotFound(request.params.taskId);
    return taskRecordOf(task, ctx.origin());
  });

  app.post<{ Params: { taskId: string } }>("/v1/tasks/:taskId/cancel", async (request): Promise<TaskRecord> => {
    return taskRecordOf(ctx.tasks.cancel(request.params.taskId, request.apiKey.id), ctx.origin());
  });

  app.get("/v1/balance", async (request) => ctx.billing.balanceOf(request.apiKey, ctx.now()));

  // Not in the spec; the OpenAI ecosystem's model list, so clients can offer the codes a key may use,
  // with OpenRouter's `pricing` object so they can price a call before paying, its `supported_parameters`
  // so they know which take tools, and each fault model's `fault` so a client can set apart the models
  // that fail on purpose (see docs/spec-choices.md).
  app.get("/v1/models", async (request) => ({
    object: "list",
    data: ctx.models.listFor(request.apiKey).map((model) => ({
      id: model.code,
      object: "model",
      owned_by: "local-gateway",
      kind: model.kind,
      ...(model.fault ? { fault: model.fault } : {}),
      ...(model.kind === "chat" || model.kind === "search" ? { architecture: modalitiesOf(model) } : {}),
      ...(model.kind === "chat" ? { supported_parameters: supportedParameters(model) } : {}),
      ...(ctx.config.publishPrices ? { pricing: publishedPricing(model.kind, ctx.billing.priceOf(model)) } : {}),
    })),
  }));
}
