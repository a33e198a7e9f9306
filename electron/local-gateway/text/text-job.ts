import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiKeyRecord } from "../accounts.ts";
import type { ModelConfig } from "../config.ts";
import type { GatewayContext } from "../gateway-context.ts";
import { syncFaultError } from "../model-registry.ts";
import { abortWhenClientLeaves } from "../client-gone.ts";
import { SseStream } from "../sse-stream.ts";
import { limitCall, limitGeneration, type CallGeneration, type Generation } from "./generation.ts";
import type { ConversationTurn } from "./reply-writer.ts";
import { countPromptTokens } from "./tokens.ts";
import { describeImages, IMAGE_PROMPT_TOKENS, takesImages, type ReceivedImage } from "./received-images.ts";
import { invalidParams } from "../http-error.ts";
import { describeFiles, receivedFiles } from "./received-files.ts";
import { takesTools, toolsPromptTokens, type OfferedTool } from "./offered-tools.ts";
import type { PlannedCall } from "./tool-calls.ts";

/** A call as the model writes it: its arguments' JSON, whole or cut by `max_tokens`. */
export type GeneratedCall = PlannedCall & CallGeneration;

/** What the model says: text, or a call of a tool after a lead sentence (which may be empty). */
export type ModelAnswer = string | { readonly lead: string; readonly call: PlannedCall };

/** One accepted text request: the model, what it will say, and who pays. */
export interface TextJob {
  readonly model: ModelConfig;
  readonly key: ApiKeyRecord;
  readonly requestId: string;
  readonly created: number;
  readonly promptTokens: number;
  /** The text; before a call, its lead sentence. */
  readonly generation: Generation;
  readonly call: GeneratedCall | null;
}

/** A piece of the stream: of the text, or of the call's arguments. */
export interface ReplyPiece {
  readonly part: "text" | "call";
  readonly text: string;
}

interface TextJobRequest {
  readonly modelCode: string;
  readonly kind: "chat" | "search";
  readonly turns: readonly ConversationTurn[];
  readonly maxTokens?: number | undefined;
  readonly stopSequences?: readonly string[] | undefined;
  readonly answer: (model: ModelConfig, turns: readonly ConversationTurn[]) => ModelAnswer;
  /** Images the messages carry, already checked; a text reply begins by describing them. */
  readonly images?: readonly ReceivedImage[];
  /** The tools offered, counted in the prompt. */
  readonly tools?: readonly OfferedTool[];
  /** Whether the request offers tools or its conversation holds calls or results: refused by a model without tools. */
  readonly usesTools?: boolean;
}

/** How a wire format writes a job: a whole body, or the events of a stream. */
export interface TextWireFormat {
  body(job: TextJob): unknown;
  open(job: TextJob, sse: SseStream): void;
  delta(job: TextJob, sse: SseStream, piece: ReplyPiece): void;
  close(job: TextJob, sse: SseStream): void;
}

const STREAM_CUT_FRACTION = 0.4;

export async function acceptTextJob(
  ctx: GatewayContext,
  request: FastifyRequest,
  input: TextJobRequest,
): Promise<TextJob> {
  const key = request.apiKey;
  const now = ctx.now();
  const model = ctx.models.resolve(input.modelCode, input.kind, key);
  const images = input.images ?? [];
  if (images.length > 0 && !takesImages(model)) {
    throw invalidParams(`The model ${model.code} does not accept image input.`);
  }
  if (input.usesTools === true && !takesTools(model)) {
    throw invalidParams(`tools: the model ${model.code} does not support tools.`);
  }
  const promptTokens =
    countPromptTokens(input.turns) + images.length * IMAGE_PROMPT_TOKENS + toolsPromptTokens(input.tools ?? []);
  ctx.rateLimiter.checkTokens(key, promptTokens, now);
  const price = ctx.billing.priceOf(model);
  ctx.billing.ensureCanSpend(key, price.perUnit + ctx.billing.tokenCost(model, promptTokens, 0), now);
  const fault = syncFaultError(model);
  if (fault) {
    if (model.fault === "timeout") await ctx.pacing.wait(ctx.pacing.scaled(1000));
    throw fault;
  }
  const created = Math.floor(now / 1000);
  const job = { model, key, requestId: request.id, created, promptTokens };
  const answer = input.answer(model, input.turns);
  if (typeof answer !== "string") {
    // Stop sequences end text, not a call's arguments.
    const generation = limitGeneration(answer.lead, input.maxTokens);
    const left = input.maxTokens === undefined ? undefined : input.maxTokens - generation.outputTokens;
    return { ...job, generation, call: { ...answer.call, ...limitCall(answer.call.input, left) } };
  }
  const files = receivedFiles(input.turns);
  const received = [
    ...(images.length > 0 ? [describeImages(images)] : []),
    ...(files.length > 0 ? [describeFiles(files)] : []),
  ];
  const text = [...received, answer].join("\n\n");
  return { ...job, generation: limitGeneration(text, input.maxTokens, input.stopSequences), call: null };
}

/** The tokens the model wrote: its text and its call's arguments. */
export const outputTokensOf = (job: TextJob): number => job.generation.outputTokens + (job.call?.outputTokens ?? 0);

const replyPieces = (job: TextJob): ReplyPiece[] => [
  ...job.generation.pieces.map((text) => ({ part: "text" as const, text })),
  ...(job.call?.pieces ?? []).map((text) => ({ part: "call" as const, text })),
];

/** Answers the job in full or as a paced stream, then charges for the tokens delivered. */
export function deliverTextJob(
  ctx: GatewayContext,
  reply: FastifyReply,
  job: TextJob,
  format: TextWireFormat,
  stream: boolean,
): Promise<unknown> {
  return ctx.deliveries.track(stream ? deliverStream(ctx, reply, job, format) : deliverWhole(ctx, reply, job, format));
}

async function deliverWhole(
  ctx: GatewayContext,
  reply: FastifyReply,
  job: TextJob,
  format: TextWireFormat,
): Promise<unknown> {
  if (job.model.fault === "stream-cut") {
    reply.hijack();
    reply.raw.socket?.destroy();
    return undefined;
  }
  const clientGone = new AbortController();
  abortWhenClientLeaves(reply.raw, clientGone);
  // A client that leaves is charged all the same, as a gateway that generated the whole answer would.
  await ctx.pacing.wait(ctx.pacing.pieceDueMs(replyPieces(job).length), clientGone.signal).catch(() => undefined);
  settle(ctx, job, outputTokensOf(job));
  return format.body(job);
}

async function deliverStream(
  ctx: GatewayContext,
  reply: FastifyReply,
  job: TextJob,
  format: TextWireFormat,
): Promise<undefined> {
  const pieces = replyPieces(job);
  const sse = new SseStream(reply);
  format.open(job, sse);
  const cutAt = job.model.fault === "stream-cut" ? Math.max(1, Math.floor(pieces.length * STREAM_CUT_FRACTION)) : -1;
  const started = performance.now();
  let sent = 0;
  for (const piece of pieces) {
    const wait = ctx.pacing.pieceDueMs(sent) - (performance.now() - started);
    if (wait >= 1) await ctx.pacing.wait(wait, sse.signal).catch(() => undefined);
    if (sse.closed) break;
    if (sent === cutAt) {
      sse.cut();
      return undefined;
    }
    format.delta(job, sse, piece);
    sent++;
  }
  if (!sse.closed) {
    format.close(job, sse);
    sse.end();
    settle(ctx, job, outputTokensOf(job));
  } else {
    const delivered = Math.round((outputTokensOf(job) * sent) / Math.max(1, pieces.length));
    await ctx.pacing.wait(ctx.config.stoppedChargeDelayMs);
    settle(ctx, job, delivered);
  }
  return undefined;
}

function settle(ctx: GatewayContext, job: TextJob, outputTokens: number): void {
  const now = ctx.now();
  const cost =
    ctx.billing.priceOf(job.model).perUnit + ctx.billing.tokenCost(job.model, job.promptTokens, outputTokens);
  ctx.billing.charge(job.key, job.model.code, cost, job.requestId, now);
  ctx.rateLimiter.recordTokens(job.key, job.promptTokens + outputTokens, now);
}
