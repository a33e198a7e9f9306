const MODEL_COMMAND = /^\/model(?:\s+(\S+))?\s*$/;

/**
 * What `/model name` typed in the message box asks for: the code (empty when none is named), or
 * null when the text is a message to send.
 */
export function modelCommand(text: string): string | null {
  const match = MODEL_COMMAND.exec(text.trim());
  return match ? (match[1] ?? "") : null;
}
