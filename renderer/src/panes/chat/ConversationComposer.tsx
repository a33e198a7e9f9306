import { useEffect, type ReactNode } from "react";
import type { AttachmentInput } from "../../../../shared/ipc/attachments.ts";
import { useLiveReplyStatus } from "./chat-store.ts";
import { Composer } from "./Composer.tsx";

interface ConversationComposerProps {
  readonly conversationId: string;
  readonly profileId: string | null;
  /** A comparison's answers stream: Stop stops them all. */
  readonly comparing: boolean;
  /** What sending the draft would cost, shown in the box's bar. */
  readonly estimate: ReactNode;
  /** Compare is on: only the text goes, the files attached stay in the box. */
  readonly textOnly: boolean;
  /** Why no message can go yet (a comparison waits for its answer to be chosen), said above the box. */
  readonly held: ReactNode;
  onSend(content: string, attachments: AttachmentInput[]): Promise<boolean>;
  onModelCommand(model: string): Promise<boolean>;
  /** Stops the reply, or the comparison's answers. */
  onStop(): void;
}

/**
 * The message box of an open conversation, with Stop (and Escape) while its reply or comparison
 * streams. Its own component, as the part of the conversation that follows whether a reply streams:
 * Send and the reply's end draw the box again, not the conversation around it.
 */
export function ConversationComposer(props: ConversationComposerProps) {
  const { conversationId, profileId, comparing, estimate, textOnly, held, onSend, onModelCommand, onStop } = props;
  const live = useLiveReplyStatus(conversationId);
  const streaming = live !== null;
  useEffect(() => {
    if (!streaming && !comparing) return;
    const stopOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") onStop();
    };
    window.addEventListener("keydown", stopOnEscape);
    return () => window.removeEventListener("keydown", stopOnEscape);
  }, [streaming, comparing, onStop]);
  return (
    <Composer
      draftKey={conversationId}
      profileId={profileId}
      autoFocus
      generating={(live !== null && !live.interrupted) || comparing}
      waitUntil={live && !live.interrupted ? live.waitUntil : null}
      estimate={estimate}
      textOnly={textOnly}
      held={held}
      onSend={onSend}
      onModelCommand={onModelCommand}
      onStop={onStop}
    />
  );
}
