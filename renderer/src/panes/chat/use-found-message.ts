import { useMutation } from "@tanstack/react-query";
import type { Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import type { Comparison } from "../../../../shared/ipc/compare.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { useFoundMessageStore, useFoundTarget, type FoundTarget } from "./found-message.ts";
import type { TranscriptItem } from "./transcript-items.ts";

const holds = (item: TranscriptItem, messageId: string) =>
  item.kind === "message"
    ? item.message.id === messageId
    : item.comparison.columns.some((column) => column.messageId === messageId);

/**
 * A found message that is not on the path the conversation shows (an earlier version, or a reply to
 * one) is shown, as choosing its version would; one that is gone since is let go.
 */
export function useFoundVersion(
  conversationId: string,
  messages: readonly ChatMessage[] | undefined,
  comparisons: readonly Comparison[],
) {
  const target = useFoundTarget(conversationId);
  const invalidate = useInvalidateChat();
  const letGo = useFoundMessageStore((state) => state.chosen);
  const { mutate } = useMutation({
    mutationFn: ({ messageId }: FoundTarget) => unwrap(api.chat.showVersion({ conversationId, messageId })),
    onSuccess: () => invalidate(conversationId),
    onError: () => letGo(null),
  });
  const asked = useRef<FoundTarget | null>(null);
  const shown =
    target !== null &&
    (messages?.some((message) => message.id === target.messageId) ||
      comparisons.some((comparison) => comparison.columns.some((column) => column.messageId === target.messageId)));
  useEffect(() => {
    if (!target || !messages || shown || asked.current === target) return;
    asked.current = target;
    mutate(target);
  }, [target, messages, shown, mutate]);
}

/**
 * The transcript's row holding the found message (-1: none): once per choice the list stops following
 * its end and brings the row to the middle of the view. Its ref callback moves the focus there once
 * the row is drawn, once per choice too, so scrolling it away and back never takes the focus again.
 */
export function useFoundRow(
  conversationId: string | null,
  items: readonly TranscriptItem[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  stopFollowing: () => void,
) {
  const target = useFoundTarget(conversationId);
  const index = target ? items.findIndex((item) => holds(item, target.messageId)) : -1;
  const scrolledFor = useRef<FoundTarget | null>(null);
  useLayoutEffect(() => {
    if (!target || index < 0 || scrolledFor.current === target) return;
    scrolledFor.current = target;
    stopFollowing();
    virtualizer.scrollToIndex(index, { align: "center" });
  }, [target, index, virtualizer, stopFollowing]);
  const focusedFor = useRef<FoundTarget | null>(null);
  const focusOnce = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !target || focusedFor.current === target) return;
      focusedFor.current = target;
      element.focus({ preventScroll: true });
    },
    [target],
  );
  return { index, focusOnce };
}
