import { openTarget } from "./open-target.ts";

/** `/?conversation=<id>`: the page opens on that conversation (quick chat's Open in ModelDesk in the web host). */
export const CONVERSATION_PARAM = "conversation";

/** Reads what the address asks to open, opens it, and leaves the plain address behind. */
export function openTargetFromAddress(): void {
  const params = new URLSearchParams(window.location.search);
  const conversationId = params.get(CONVERSATION_PARAM);
  if (!conversationId) return;
  openTarget({ pane: "chat", conversationId });
  params.delete(CONVERSATION_PARAM);
  const rest = params.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${rest ? `?${rest}` : ""}`);
}
