import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ChatRun } from "../../../../shared/ipc/chat.ts";
import type { IpcError, Result } from "../../../../shared/ipc/result.ts";
import { api } from "../../api/desktop-api.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";
import { startLiveReply } from "./chat-stream-events.ts";

/** Send, regenerate, edit and stop for one conversation; a refused call is kept as `error`, nothing typed is lost. */
export function useChatActions(conversationId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChat();
  const [error, setError] = useState<IpcError | null>(null);

  const run = async (call: Promise<Result<ChatRun>>): Promise<boolean> => {
    const result = await call;
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    setError(null);
    startLiveReply({ ...result.data, conversationId }, queryClient);
    await invalidate(conversationId);
    return true;
  };

  const searchWeb = () => useChatStore.getState().searchWeb;

  return {
    error,
    send: (content: string) => run(api.chat.send({ conversationId, content, searchWeb: searchWeb() })),
    regenerate: () => run(api.chat.regenerate({ conversationId, searchWeb: searchWeb() })),
    edit: (messageId: string, content: string) =>
      run(api.chat.edit({ conversationId, messageId, content, searchWeb: searchWeb() })),
    stop: (streamId: string) => api.streams.cancel({ streamId }),
  };
}
