import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small OpenAI-compatible server that differs from our gateway the ways real servers do: it
 * has only `/v1/chat/completions` and `/v1/models` (no balance, messages, search, images or
 * video), answers OpenAI-style error bodies, and varies by model code:
 * - `plain`: no `id`, `created`, `object` or `usage`; extra unknown fields everywhere
 * - `usage-last`: usage only in a final chunk with empty `choices` (as OpenAI's `include_usage`)
 * - `stream-error`: two deltas, then `data: {"error": …}` in the stream
 * - `anthropic-error` / `html-error` / `unauthorized` / `rate-limited`: those error answers
 * - `echo`: replies with the last message's text, so a test can make a reply say anything
 * - `text-only`: refuses a request carrying images as OpenAI words it (its list entry says nothing of images)
 * - `no-tools`: refuses a request offering tools as OpenAI words it (its list entry says nothing of tools)
 * - `listed-no-tools`: the same, and its list entry's `supported_parameters` leave tools out (as OpenRouter's)
 */
export interface VariantServer {
  readonly url: string;
  readonly models: readonly string[];
  /** Each request's method, path and Authorization header (which key it came with). */
  readonly requests: { method: string; path: string; authorization?: string }[];
  /** Keeps `/v1/models` from answering until the function returned is called, as a slow server would. */
  holdModelList(): () => void;
  close(): Promise<void>;
}

export const VARIANT_REPLY = "Hello from a server that is not the spec's gateway.";
const MODELS = [
  "plain",
  "usage-last",
  "stream-error",
  "anthropic-error",
  "html-error",
  "unauthorized",
  "rate-limited",
  "echo",
  "text-only",
  "no-tools",
  "listed-no-tools",
];

interface ChatBody {
  model?: string;
  stream?: boolean;
  tools?: unknown;
  messages?: { content?: unknown }[];
}

const carriesImages = ({ messages }: ChatBody) =>
  messages?.some(
    (message) =>
      Array.isArray(message.content) && message.content.some((part: { type?: unknown }) => part.type === "image_url"),
  ) ?? false;

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

function openAiError(response: ServerResponse, status: number, message: string, type: string, code: string | null) {
  json(response, status, { error: { message, type, param: null, code } }, { "x-request-id": `vr-${randomUUID()}` });
}

async function bodyOf(request: IncomingMessage): Promise<ChatBody> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  try {
    return JSON.parse(text) as ChatBody;
  } catch {
    return {};
  }
}

function replyTo({ model, messages }: ChatBody): string {
  const last = messages?.at(-1)?.content;
  return model === "echo" && typeof last === "string" ? last : VARIANT_REPLY;
}

function stream(response: ServerResponse, model: string, reply: string) {
  response.writeHead(200, { "content-type": "text/event-stream" });
  const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  const words = reply.split(/(?<= )/);
  const cutAt = model === "stream-error" ? 2 : words.length;
  for (const word of words.slice(0, cutAt)) {
    send({ choices: [{ delta: { content: word }, finish_reason: null, logprobs: null }], vendor_extra: { a: 1 } });
  }
  if (model === "stream-error") {
    send({
      error: { message: "The upstream model crashed mid-answer.", type: "server_error", code: "upstream_crash" },
    });
    response.end();
    return;
  }
  send({ choices: [{ delta: {}, finish_reason: "stop" }] });
  if (model === "usage-last") send({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 13 } });
  response.end("data: [DONE]\n\n");
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  models: readonly string[],
  modelListHeld: Promise<void>,
) {
  const path = (request.url ?? "/").split("?")[0];
  if (request.method === "GET" && path === "/v1/models") {
    await modelListHeld;
    const said = (id: string) =>
      id === "listed-no-tools" ? { supported_parameters: ["max_tokens", "temperature"] } : {};
    const data = models.map((id) => ({ id, object: "model", owned_by: "x", ...said(id) }));
    return json(response, 200, { object: "list", data });
  }
  if (request.method !== "POST" || path !== "/v1/chat/completions") {
    return openAiError(response, 404, `Unknown request URL: ${request.method} ${path}.`, "invalid_request_error", null);
  }
  const body = await bodyOf(request);
  const { model = "plain", stream: streamed } = body;
  if (model === "unauthorized") {
    return openAiError(
      response,
      401,
      "Incorrect API key provided: sk-****.",
      "invalid_request_error",
      "invalid_api_key",
    );
  }
  if (model === "rate-limited") {
    return openAiError(response, 429, "Rate limit reached for requests.", "requests", "rate_limit_exceeded");
  }
  if (model === "text-only" && carriesImages(body)) {
    return openAiError(
      response,
      400,
      "Invalid content type. image_url is only supported by certain models.",
      "invalid_request_error",
      null,
    );
  }
  if ((model === "no-tools" || model === "listed-no-tools") && body.tools !== undefined) {
    return openAiError(
      response,
      400,
      "Unsupported parameter: 'tools' is not supported with this model.",
      "invalid_request_error",
      "unsupported_parameter",
    );
  }
  if (model === "anthropic-error") {
    return json(response, 529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
  }
  if (model === "html-error") {
    response.writeHead(502, { "content-type": "text/html" });
    return response.end("<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>");
  }
  if (streamed) return stream(response, model, replyTo(body));
  json(response, 200, {
    choices: [{ message: { role: "assistant", content: replyTo(body), refusal: null }, finish_reason: "stop" }],
    service_tier: "default",
  });
}

/** `models`: what `/v1/models` lists (every variant unless given); each still answers by its code. */
export async function startVariantServer(models: readonly string[] = MODELS): Promise<VariantServer> {
  const requests: VariantServer["requests"] = [];
  let modelListHeld = Promise.resolve();
  const server = createServer((request, response) => {
    const { authorization } = request.headers;
    requests.push({
      method: request.method ?? "GET",
      path: request.url ?? "/",
      ...(authorization ? { authorization } : {}),
    });
    void handle(request, response, models, modelListHeld);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    models,
    requests,
    holdModelList: () => {
      let release = () => undefined as void;
      modelListHeld = new Promise((resolve) => (release = resolve));
      return () => {
        modelListHeld = Promise.resolve();
        release();
      };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
