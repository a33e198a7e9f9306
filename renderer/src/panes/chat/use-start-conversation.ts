import { useMutation, useQueryClient } from "@tanstack/react-query";
import { succeeded, unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { createConversation } from "./create-conversation.ts";
import { useChatStore } from "./chat-store.ts";
import { startLiveReply } from "./chat-stream-events.ts";
import type { AttachmentInput } from "../../../../shared/ipc/attachments.ts";

interface FirstMessage {
  readonly content: string;
  readonly attachments?: AttachmentInput[];
  /** A model other than the default, chosen before the conversation existed. */
  readonly model?: string;
}

/**
 * A conversation that starts with its first message: the message box is there before any
 * conversation is, and sending creates one (with the chosen model), opens it and streams the reply.
 */
export function useStartConversation(draftKey: string, onStarted: (conversationId: string) => void) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChat();
  const start = useMutation({
    mutationFn: async ({ content, attachments = [], model }: FirstMessage) => {
      const conversation = await createConversation(() => model ?? null);
      const chat = useChatStore.getState();
      const searchWeb = chat.searchWeb[draftKey] ?? false;
      const run = await unwrap(
        api.chat.send({
          conversationId: conversation.id,
          content,
          searchWeb,
          ...(attachments.length > 0 ? { attachments } : {}),
        }),
      );
      chat.searchWebMoved(draftKey, conversation.id);
      startLiveReply({ ...run, conversationId: conversation.id }, queryClient);
      await invalidate(conversation.id);
      onStarted(conversation.id);
      return conversation.id;
    },
  });
  return {
    /** Whether the message was accepted, so the composer can give the draft back. */
    start: (message: FirstMessage) => succeeded(start.mutateAsync(message)),
    attempt: start,
  };
}
