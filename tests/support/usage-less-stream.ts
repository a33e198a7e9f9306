/** A Chat Completions stream of `text` in events of 10,000 characters, with no usage anywhere: the app counts its tokens. */
export function streamWithoutUsage(text: string): string {
  const events: string[] = [];
  for (let start = 0; start < text.length; start += 10_000) {
    const chunk = { id: "chatcmpl-long", object: "chat.completion.chunk", created: 0, model: "chat-fast" };
    const delta = { content: text.slice(start, start + 10_000) };
    events.push(`data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
  }
  return `${events.join("")}data: [DONE]\n\n`;
}
