import { z } from "zod";
import { DEFAULT_CHAT_SETTINGS } from "../../shared/ipc/chat.ts";

const ChunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }) })),
});

export interface DirectStream {
  /** From the request to the first non-empty content delta. */
  readonly firstTokenMs: number;
  /** From the request to the end of the stream (or to the first token with `untilFirstToken`). */
  readonly totalMs: number;
  readonly text: string;
}

/**
 * A plain streaming client of the gateway, the baseline of every relay figure: the same body the
 * app sends for a one-message conversation with default settings, read with fetch and parsed here.
 */
/** The streaming Chat Completions request the app sends for `prompt` with the default settings. */
export function directChatBody(prompt: string) {
  return {
    model: DEFAULT_CHAT_SETTINGS.model,
    messages: [{ role: "user", content: prompt }],
    temperature: DEFAULT_CHAT_SETTINGS.temperature,
    top_p: DEFAULT_CHAT_SETTINGS.topP,
    max_tokens: DEFAULT_CHAT_SETTINGS.maxTokens,
    stream: true,
  };
}

export async function directStream(
  gatewayUrl: string,
  key: string,
  prompt: string,
  untilFirstToken: boolean,
): Promise<DirectStream> {
  const started = performance.now();
  const response = await fetch(`${gatewayUrl}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(directChatBody(prompt)),
  });
  if (!response.ok || !response.body) throw new Error(`the gateway answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  let firstTokenMs: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const chunk = ChunkSchema.safeParse(JSON.parse(line.slice("data: ".length)));
      const content = chunk.success ? (chunk.data.choices[0]?.delta.content ?? "") : "";
      if (content === "") continue;
      text += content;
      firstTokenMs ??= performance.now() - started;
    }
    if (untilFirstToken && firstTokenMs !== null) {
      await reader.cancel();
      break;
    }
  }
  if (firstTokenMs === null) throw new Error("the stream ended before any content");
  return { firstTokenMs, totalMs: performance.now() - started, text };
}
