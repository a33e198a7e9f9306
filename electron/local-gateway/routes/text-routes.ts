import type { FastifyInstance } from "fastify";
import { ChatCompletionRequestSchema } from "../../../shared/gateway-api/chat-completions.ts";
import { MessagesRequestSchema } from "../../../shared/gateway-api/messages.ts";
import { SearchCompletionRequestSchema } from "../../../shared/gateway-api/search-completions.ts";
import type { GatewayContext } from "../gateway-context.ts";
import { invalidParams } from "../http-error.ts";
import { newId } from "../ids.ts";
import { parseBody } from "../request-body.ts";
import { answerFromResults } from "../search/help-search.ts";
import { chatCompletionsFormat } from "../text/chat-completions-format.ts";
import { messagesFormat } from "../text/messages-format.ts";
import { writeReply, type ConversationTurn } from "../text/reply-writer.ts";
import { acceptTextJob, deliverTextJob } from "../text/text-job.ts";
import { chatCompletionImages, messagesImages } from "../text/received-images.ts";

type Content = string | readonly ({ type: "text"; text: string } | { type: "image" | "image_url" })[];
const textOf = (content: Content) =>
  typeof content === "string"
    ? content
    : content.map((part) => (part.type === "text" && "text" in part ? part.text : "")).join("");
const turnsOf = (messages: readonly { role: ConversationTurn["role"]; content: Content }[]): ConversationTurn[] =>
  messages.map((message) => ({ role: message.role, content: textOf(message.content) }));

const writeModelReply = (model: { code: string }, turns: readonly ConversationTurn[]) => writeReply(model.code, turns);

export function registerTextRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post("/v1/chat/completions", async (request, reply) => {
    const body = parseBody(ChatCompletionRequestSchema, request.body);
    const stopSequences = body.stop === undefined || body.stop === null ? [] : [body.stop].flat();
    const job = await acceptTextJob(ctx, request, {
      modelCode: body.model,
      kind: "chat",
      turns: turnsOf(body.messages),
      maxTokens: body.max_tokens,
      stopSequences,
      answer: writeModelReply,
      images: chatCompletionImages(body.messages),
    });
    return deliverTextJob(ctx, reply, job, chatCompletionsFormat(newId("chatcmpl-")), body.stream === true);
  });

  app.post("/v1/messages", async (request, reply) => {
    const body = parseBody(MessagesRequestSchema, request.body);
    if (body.max_tokens === undefined) throw invalidParams("max_tokens is required for the messages format");
    const system = body.system === undefined ? [] : [{ role: "system" as const, content: textOf(body.system) }];
    const job = await acceptTextJob(ctx, request, {
      modelCode: body.model,
      kind: "chat",
      turns: [...system, ...turnsOf(body.messages)],
      maxTokens: body.max_tokens,
      stopSequences: body.stop_sequences,
      answer: writeModelReply,
      images: messagesImages(body.messages),
    });
    return deliverTextJob(ctx, reply, job, messagesFormat(newId("msg_")), body.stream === true);
  });

  app.post("/v1/search/completions", async (request, reply) => {
    const body = parseBody(SearchCompletionRequestSchema, request.body);
    const turns = turnsOf(body.messages);
    const question = turns.filter((turn) => turn.role === "user").at(-1)?.content ?? "";
    const results = ctx.search.search(question, ctx.origin());
    const job = await acceptTextJob(ctx, request, {
      modelCode: body.model,
      kind: "search",
      turns,
      answer: () => answerFromResults(question, results),
      images: chatCompletionImages(body.messages),
    });
    const sources = { citations: results.map((result) => result.url), search_results: results };
    return deliverTextJob(ctx, reply, job, chatCompletionsFormat(newId("chatcmpl-"), sources), body.stream === true);
  });
}
