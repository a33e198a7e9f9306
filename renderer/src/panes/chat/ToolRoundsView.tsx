import type { ReactNode } from "react";
import { roundsOf, type ToolRound } from "../../../../shared/ipc/tool-rounds.ts";
import { ToolCallCard } from "./ToolCallCard.tsx";

interface ToolRoundsViewProps {
  readonly content: string;
  readonly rounds: readonly ToolRound[];
  /** How a part of the reply's text is drawn (Markdown, growing while it streams). */
  readonly text: (part: string, key: string) => ReactNode;
  readonly waitingIn?: { readonly conversationId: string; readonly messageId: string };
}

/** A reply that used tools as it happened: each round's text, then its calls as cards, then the closing text. */
export function ToolRoundsView({ content, rounds, text, waitingIn }: ToolRoundsViewProps) {
  const { parts, closing } = roundsOf(content, rounds);
  return (
    <>
      {parts.map((part, index) => (
        <div key={index}>
          {part.text.trim() && text(part.text, `round-${index}`)}
          {part.calls.map((call) => (
            <ToolCallCard key={call.id} call={call} {...(waitingIn ? { waitingIn } : {})} />
          ))}
        </div>
      ))}
      {closing.trim() && text(closing, "closing")}
    </>
  );
}
