import type { FastifyInstance } from "fastify";
import { ChatCompletionRequestSchema } from "../../../shared/gateway-api/chat-completions.ts";
import { MessagesRequestSchema } from "../../../shared/gateway-api/messages.ts";
import { SearchCompletionRequestSchema } from "../../../shared/gateway-api/search-completions.ts";
import type { GatewayContext } from "../gateway-context.ts";
import { invalidParams } from "../http-error.ts";
import { newId } from "../ids.ts";
import { parseBody } from "../request-body.ts";
import { answerFromResults } from "../search/help-search.ts";
import { chatCompletionsConversation } from "../text/chat-completions-conversation.ts";
import { chatCompletionsFormat } from "../text/chat-completions-format.ts";
import { chatCompletionsToolCallFormat } from "../text/chat-completions-tool-call-format.ts";
import { messagesConversation } from "../text/messages-conversation.ts";
import { messagesFormat } from "../text/messages-format.ts";
import { messagesToolCallFormat } from "../text/messages-tool-call-format.ts";
import { chatCompletionsToolOffer, messagesToolOffer } from "../text/offered-tools.ts";
import { acceptTextJob, deliverTextJob } from "../text/text-job.ts";
import { chatCompletionImages, messagesImages } from "../text/received-images.ts";
import { toolAwareJob } from "../text/tool-answer.ts";
import { callLead } from "../text/tool-calls.ts";

export function registerTextRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post("/v1/chat/completions", async (request, reply) => {
    const body = parseBody(ChatCompletionRequestSchema, request.body);
    const stopSequences = body.stop === undefined || body.stop === null ? [] : [body.stop].flat();
    const offer = chatCompletionsToolOffer(body);
    const conversation = chatCompletionsConversation(body.messages);
    const job = await acceptTextJob(ctx, request, {
      modelCode: body.model,
      kind: "chat",
      maxTokens: body.max_tokens,
      stopSequences,
      images: chatCompletionImages(body.messages),
      // OpenAI's calls say nothing before them: their content is null.
      ...toolAwareJob(offer, conversation, { newCallId: () => newId("call_"), lead: () => "" }),
    });
    const id = newId("chatcmpl-");
    const format = job.call ? chatCompletionsToolCallFormat(id) : chatCompletionsFormat(id);
    return deliverTextJob(ctx, reply, job, format, body.stream === true);
  });

  app.post("/v1/messages", async (request, reply) => {
    const body = parseBody(MessagesRequestSchema, request.body);
    if (body.max_tokens === undefined) throw invalidParams("max_tokens is required for the messages format");
    const offer = messagesToolOffer(body);
    const conversation = messagesConversation(body.system, body.messages);
    const job = await acceptTextJob(ctx, request, {
      modelCode: body.model,
      kind: "chat",
      maxTokens: body.max_tokens,
      stopSequences: body.stop_sequences,
      images: messagesImages(body.messages),
      ...toolAwareJob(offer, conversation, { newCallId: () => newId("toolu_"), lead: callLead }),
    });
    const id = newId("msg_");
    return deliverTextJob(
      ctx,
      reply,
      job,
      job.call ? messagesToolCallFormat(id) : messagesFormat(id),
      body.stream === true,
    );
  });

  app.post("/v1/search/completions", async (request, reply) => {
    const body = parseBody(SearchCompletionRequestSchema, request.body);
    const { turns, question } = chatCompletionsConversation(body.messages);
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
