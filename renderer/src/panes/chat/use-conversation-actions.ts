import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";

const UNDO_MS = 8000;

interface Deleted {
  readonly id: string;
  readonly title: string | null;
}

/** Rename and delete from the conversation list; a deletion can be undone for a few seconds. */
export function useConversationActions(conversations: readonly ConversationSummary[]) {
  const invalidate = useInvalidateChat();
  const conversationOpened = useChatStore((state) => state.conversationOpened);
  const [deleted, setDeleted] = useState<Deleted | null>(null);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      unwrap(api.chat.rename({ conversationId: id, title })),
    onSuccess: (_conversation, { id }) => invalidate(id),
  });

  const remove = useMutation({
    mutationFn: ({ id }: Deleted) => unwrap(api.chat.remove({ conversationId: id })),
    onSuccess: (_result, conversation) => {
      if (useChatStore.getState().activeConversationId === conversation.id) conversationOpened(null);
      setDeleted(conversation);
      return invalidate();
    },
  });

  const restore = useMutation({
    mutationFn: (id: string) => unwrap(api.chat.restore({ conversationId: id })),
    onSuccess: (_conversation, id) => {
      conversationOpened(id);
      setDeleted(null);
      // Its transcript too: a view that failed to load it while it was gone must not keep that failure.
      return invalidate(id);
    },
  });

  return {
    deleted,
    rename: (id: string, title: string) => rename.mutate({ id, title }),
    remove: (id: string) => remove.mutate({ id, title: conversations.find((item) => item.id === id)?.title ?? null }),
    undo: () => {
      if (deleted) restore.mutate(deleted.id);
    },
    attempts: [rename, remove, restore] as const,
  };
}
