import type { z } from "zod";
import { BalanceSchema, type Balance } from "../../../shared/gateway-api/balance.ts";
import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { ImageGenerationRequest, ImageResult } from "../../../shared/gateway-api/images.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import type { SearchCompletionRequest } from "../../../shared/gateway-api/search-completions.ts";
import type { VideoGenerationRequest } from "../../../shared/gateway-api/video.ts";
import type { ProfileAuth } from "../../../shared/ipc/profiles.ts";
import { GatewayError } from "./gateway-error.ts";
import { aborted, describeIssue, errorOf, invalidResponse, unsentError } from "./gateway-failures.ts";
import { gatewayStream, type GatewayStream, type StreamDecoder } from "./gateway-stream.ts";
import {
  LenientChatCompletionSchema,
  LenientMessageSchema,
  ModelListSchema,
  type ModelList,
  type LenientChatChunk,
  type LenientChatCompletion,
  type LenientMessage,
  type LenientMessageEvent,
} from "./lenient-schemas.ts";
import { withHeaderTimeout } from "./header-timeout-fetch.ts";
import { ANSWER_LIMITS, type AnswerLimits } from "./answer-limits.ts";
import { readBoundedJson } from "./bounded-body.ts";
import {
  LenientImageAnswerSchema,
  LenientTaskRecordSchema,
  LenientVideoTaskSchema,
  type LenientAsyncTask,
  type LenientTaskRecord,
  type LenientVideoTask,
} from "./lenient-task-schemas.ts";
import { responseMeta, type ResponseMeta } from "./response-meta.ts";
import { decodeChatChunk, decodeMessageEvent } from "./stream-decoders.ts";

export interface GatewayCredentials {
  readonly baseUrl: string;
  readonly auth: ProfileAuth;
  readonly key: string;
}

interface GatewayClientOptions {
  /** Electron's net.fetch in the app (system proxies), Node's fetch elsewhere; bounded by a header timeout. */
  readonly fetch?: typeof fetch;
  /** How much of an answer is read and how long it may take (docs/limits-and-faults.md). */
  readonly limits?: AnswerLimits;
}

interface GatewayResponse<T> {
  readonly data: T;
  readonly meta: ResponseMeta;
}

/** `{base_url}` as typed by a user: trailing slashes and a trailing `/v1` are tolerated. */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, "").replace(/\/v1$/i, "");
}

/** One typed client for every endpoint of the gateway API; every answer is validated. */
export class GatewayClient {
  private readonly baseUrl: string;
  private readonly credentials: GatewayCredentials;
  private readonly fetchImpl: typeof fetch;
  private readonly limits: AnswerLimits;

  constructor(credentials: GatewayCredentials, options: GatewayClientOptions = {}) {
    this.credentials = credentials;
    this.baseUrl = normalizeBaseUrl(credentials.baseUrl);
    this.fetchImpl = options.fetch ?? withHeaderTimeout(fetch);
    this.limits = options.limits ?? ANSWER_LIMITS;
  }

  getBalance(signal?: AbortSignal): Promise<GatewayResponse<Balance>> {
    return this.json("GET", "/v1/balance", undefined, BalanceSchema, signal);
  }

  /** The OpenAI ecosystem's model list; not in the spec, offered by many servers. */
  listModels(signal?: AbortSignal): Promise<GatewayResponse<ModelList>> {
    return this.json("GET", "/v1/models", undefined, ModelListSchema, signal);
  }

  chatCompletion(
    request: ChatCompletionRequest,
    signal?: AbortSignal,
  ): Promise<GatewayResponse<LenientChatCompletion>> {
    return this.json(
      "POST",
      "/v1/chat/completions",
      { ...request, stream: false },
      LenientChatCompletionSchema,
      signal,
    );
  }

  streamChatCompletion(request: ChatCompletionRequest, signal?: AbortSignal): Promise<GatewayStream<LenientChatChunk>> {
    return this.stream<LenientChatChunk>("/v1/chat/completions", request, signal, decodeChatChunk);
  }

  messages(request: MessagesRequest, signal?: AbortSignal): Promise<GatewayResponse<LenientMessage>> {
    return this.json("POST", "/v1/messages", { ...request, stream: false }, LenientMessageSchema, signal);
  }

  streamMessages(request: MessagesRequest, signal?: AbortSignal): Promise<GatewayStream<LenientMessageEvent>> {
    return this.stream<LenientMessageEvent>("/v1/messages", request, signal, decodeMessageEvent);
  }

  searchCompletion(
    request: SearchCompletionRequest,
    signal?: AbortSignal,
  ): Promise<GatewayResponse<LenientChatCompletion>> {
    return this.json(
      "POST",
      "/v1/search/completions",
      { ...request, stream: false },
      LenientChatCompletionSchema,
      signal,
    );
  }

  streamSearchCompletion(
    request: SearchCompletionRequest,
    signal?: AbortSignal,
  ): Promise<GatewayStream<LenientChatChunk>> {
    return this.stream<LenientChatChunk>("/v1/search/completions", request, signal, decodeChatChunk);
  }

  generateImages(
    request: ImageGenerationRequest,
    signal?: AbortSignal,
  ): Promise<GatewayResponse<ImageResult | LenientAsyncTask>> {
    return this.json("POST", "/v1/images/generations", request, LenientImageAnswerSchema, signal);
  }

  submitVideo(request: VideoGenerationRequest, signal?: AbortSignal): Promise<GatewayResponse<LenientVideoTask>> {
    return this.json("POST", "/v1/video/generations", request, LenientVideoTaskSchema, signal);
  }

  getVideo(taskId: string, signal?: AbortSignal): Promise<GatewayResponse<LenientVideoTask>> {
    const path = `/v1/video/generations/${encodeURIComponent(taskId)}`;
    return this.json("GET", path, undefined, LenientVideoTaskSchema, signal);
  }

  getTask(taskId: string, signal?: AbortSignal): Promise<GatewayResponse<LenientTaskRecord>> {
    return this.json("GET", `/v1/tasks/${encodeURIComponent(taskId)}`, undefined, LenientTaskRecordSchema, signal);
  }

  cancelTask(taskId: string, signal?: AbortSignal): Promise<GatewayResponse<LenientTaskRecord>> {
    const path = `/v1/tasks/${encodeURIComponent(taskId)}/cancel`;
    return this.json("POST", path, undefined, LenientTaskRecordSchema, signal);
  }

  private async json<Schema extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    schema: Schema,
    signal: AbortSignal | undefined,
  ): Promise<GatewayResponse<z.output<Schema>>> {
    const response = await this.send(method, path, body, signal);
    const meta = responseMeta(response);
    let payload: unknown;
    try {
      payload = await readBoundedJson(response, {
        maxBytes: mayCarryImages(path) ? this.limits.imageAnswerBytes : this.limits.jsonBodyBytes,
        timeoutMs: this.limits.bodyTimeoutMs,
      });
    } catch (error) {
      if (signal?.aborted) throw aborted(meta);
      if (error instanceof GatewayError) throw error;
      throw invalidResponse(path, meta, error instanceof Error ? error.message : "the body is not JSON");
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw invalidResponse(path, meta, describeIssue(parsed.error));
    return { data: parsed.data, meta };
  }

  /** A streamed answer, its events decoded by `decode` (gateway-stream.ts). */
  private async stream<T>(
    path: string,
    body: object,
    signal: AbortSignal | undefined,
    decode: StreamDecoder<T>,
  ): Promise<GatewayStream<T>> {
    const response = await this.send("POST", path, { ...body, stream: true }, signal);
    return gatewayStream(response, path, signal, this.limits, decode);
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json, text/event-stream" };
    if (this.credentials.auth === "bearer") headers.authorization = `Bearer ${this.credentials.key}`;
    else headers["x-api-key"] = this.credentials.key;
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await this.fetchImpl(this.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect would carry the key to wherever it points (fetch drops only Authorization, and only cross-origin).
        redirect: "error",
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw unsentError(error, this.baseUrl, signal);
    }
    if (!response.ok) throw await errorOf(response, path, this.limits);
    return response;
  }
}

/** Image answers and task records may hold whole images as base64. */
const mayCarryImages = (path: string) => path === "/v1/images/generations" || path.startsWith("/v1/tasks/");
