import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useQuietMutation } from "../../api/quiet-mutation.ts";
import type { ChatMessage, ChatRun } from "../../../../shared/ipc/chat.ts";
import type { Result } from "../../../../shared/ipc/result.ts";
import type { AttachmentInput } from "../../../../shared/ipc/attachments.ts";
import { succeeded, unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { useInvalidateChat } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";
import { startLiveReply, streamNamedFor } from "./chat-stream-events.ts";
import { shownMessageIds, showSentQuestion } from "./sent-question.ts";
import { dropPendingReply, isPendingReply, showPendingReply, stopAskedOf, stopPendingReply } from "./pending-reply.ts";

type ReplyRequest =
  | { readonly kind: "send"; readonly content: string; readonly attachments: AttachmentInput[] }
  | { readonly kind: "regenerate"; readonly messageId?: string }
  | { readonly kind: "edit"; readonly messageId: string; readonly content: string };

/** Send answers with the question as stored too. */
type StartedRun = ChatRun & { readonly userMessage?: ChatMessage };

function requestReply(conversationId: string, request: ReplyRequest): Promise<Result<StartedRun>> {
  const searchWeb = useChatStore.getState().searchWeb[conversationId] ?? false;
  switch (request.kind) {
    case "send":
      return api.chat.send({
        conversationId,
        content: request.content,
        searchWeb,
        ...(request.attachments.length > 0 ? { attachments: request.attachments } : {}),
      });
    case "regenerate":
      return api.chat.regenerate({
        conversationId,
        searchWeb,
        ...(request.messageId ? { messageId: request.messageId } : {}),
      });
    case "edit":
      return api.chat.edit({ conversationId, messageId: request.messageId, content: request.content, searchWeb });
  }
}

/** A reply asked of main, and what was drawn for it at once. */
interface AskedReply {
  readonly answer: Promise<Result<StartedRun>>;
  readonly pendingReply?: string;
}

/**
 * Asks main for the reply before anything is drawn for it: the call leaves the page at once, and
 * the drawing is done while main and the gateway work. Words are drawn as typed with the reply's
 * place under them; files are shown once main has taken them.
 */
function askReply(conversationId: string, request: ReplyRequest, shownAtSend?: ReadonlySet<string>): AskedReply {
  const answer = requestReply(conversationId, request);
  const shownAtOnce = request.kind === "send" && request.attachments.length === 0;
  return {
    answer,
    ...(shownAtOnce ? { pendingReply: showPendingReply(conversationId, request.content, shownAtSend) } : {}),
  };
}

/** Send, regenerate, edit, stop and delete for one conversation; a refused call is shown, nothing typed is lost. */
export function useChatActions(conversationId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChat();
  const reply = useQuietMutation({
    mutationFn: async ({ answer, pendingReply }: AskedReply) => {
      try {
        return { ...(await unwrap(answer)), pendingReply };
      } catch (refused) {
        if (pendingReply) dropPendingReply(pendingReply);
        throw refused;
      }
    },
    onSuccess: ({ pendingReply, ...run }) => {
      // A question shown as typed stays until the conversation is read again: swapping it for main's copy
      // now would draw the transcript again while the reply's first words are on their way.
      if (run.userMessage && !pendingReply) showSentQuestion(queryClient, conversationId, run.userMessage);
      const stopAsked = pendingReply !== undefined && stopAskedOf(pendingReply);
      // The conversation and the list are read again once the reply's first words are on screen.
      startLiveReply({ ...run, conversationId }, queryClient, () => void invalidate(conversationId), pendingReply);
      if (stopAsked) stop.mutate(run.streamId);
    },
  });
  const stop = useMutation({ mutationFn: (streamId: string) => unwrap(api.streams.cancel({ streamId })) });
  const { mutate: stopStream } = stop;
  const stopReply = useCallback(
    (streamId: string) => {
      const stream = isPendingReply(streamId) ? streamNamedFor(streamId) : streamId;
      if (stream === undefined) stopPendingReply(streamId);
      else stopStream(stream);
    },
    [stopStream],
  );
  const remove = useMutation({
    mutationFn: (messageId: string) => unwrap(api.chat.deleteMessage({ conversationId, messageId })),
    onSuccess: () => invalidate(conversationId),
  });

  // Stable, so the transcript's rows (memoised) do not draw again with every delta of a reply.
  const replyWith = useCallback((asked: AskedReply) => void reply.mutate(asked).catch(() => undefined), [reply]);
  const regenerate = useCallback(
    (messageId?: string) => replyWith(askReply(conversationId, { kind: "regenerate", messageId })),
    [conversationId, replyWith],
  );
  const edit = useCallback(
    (messageId: string, content: string) => replyWith(askReply(conversationId, { kind: "edit", messageId, content })),
    [conversationId, replyWith],
  );
  return {
    /** Whether the message was accepted, so the composer can give the draft back. */
    send: (content: string, attachments: AttachmentInput[] = []) =>
      succeeded(
        reply.mutate(
          askReply(
            conversationId,
            { kind: "send", content, attachments },
            shownMessageIds(queryClient, conversationId),
          ),
        ),
      ),
    regenerate,
    edit,
    stop: stopReply,
    deleteMessage: remove.mutate,
    /** Send, Regenerate and Edit: read by `ActionErrorWithQuiet`, so their progress draws nothing else. */
    reply,
    attempts: [stop, remove] as const,
  };
}
