import type { Attachment } from "../../../../shared/ipc/attachments.ts";

/** A prompt's framing per message and per request, as OpenAI counts them. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_PROMPT = 3;
/** Han, kana and hangul: tokenizers give each such character about one token of its own. */
const WIDE_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

/**
 * About how many tokens a text is, without loading a tokenizer in the window: a character of
 * Chinese, Japanese or Korean is a token, other text four characters a token. Shown as an estimate.
 */
export function approximateTokens(text: string): number {
  const wide = text.match(WIDE_SCRIPT)?.length ?? 0;
  return wide + Math.ceil((text.length - wide) / 4);
}

/** What a sent message's files add to every later prompt: the text of its text files and documents. */
export const attachedTokens = (attachments: readonly Attachment[] = []): number =>
  attachments.reduce(
    (sum, file) =>
      sum +
      (file.kind === "document"
        ? Math.ceil((file.document?.chars ?? 0) / 4)
        : file.kind === "text"
          ? Math.ceil(file.bytes / 4)
          : 0),
    0,
  );

/** What sending `draft` after `history` sends: the system prompt, the messages kept and the draft, framed. */
export function promptTokens(systemPrompt: string, history: readonly { content: string }[], draft: string): number {
  const texts = [...(systemPrompt.trim() ? [systemPrompt] : []), ...history.map((message) => message.content), draft];
  return texts.reduce((sum, text) => sum + approximateTokens(text) + TOKENS_PER_MESSAGE, TOKENS_PER_PROMPT);
}
