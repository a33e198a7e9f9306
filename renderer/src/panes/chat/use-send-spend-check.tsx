import {
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { AttachmentInput } from "../../../../shared/ipc/attachments.ts";
import type { ChatMessage, ChatSettings } from "../../../../shared/ipc/chat.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { CostEstimateLine, useShortfallText } from "../media/CostEstimateLine.tsx";
import { useSpendCheck, type SpendCheck } from "../media/use-spend-check.ts";
import { useChatStore } from "./chat-store.ts";
import type { DraftAttachment } from "./draft-attachments.ts";
import { approximateTokens, attachedTokens, promptTokens } from "./prompt-tokens.ts";
import "./send-estimate.css";

type Send = (content: string, attachments: AttachmentInput[]) => Promise<boolean>;

const NO_MESSAGES: readonly ChatMessage[] = [];
const NO_FILES: readonly DraftAttachment[] = [];

interface SendSpendCheck {
  /** The estimate, for the message box's bar: the same element until the conversation's settings or messages change. */
  readonly estimate: ReactNode;
  /** The question a shortfall asks. */
  readonly dialog: ReactNode;
  /** `send`, refused when even the least the reply can cost is more than is left, asked first when it may be. */
  guard(send: Send): Send;
}

/** The check of the draft as it stands, with the question a shortfall asks: what Send decides on. */
interface DraftCheck {
  readonly check: SpendCheck;
  readonly shortfall: string;
}

interface DraftEstimateProps {
  readonly draftKey: string;
  /** Undefined while the conversation loads: nothing is estimated yet. */
  readonly settings: ChatSettings | undefined;
  readonly messages: readonly ChatMessage[] | undefined;
  /** Where the draft's check is kept for Send. */
  readonly latestRef: RefObject<DraftCheck | null>;
}

/**
 * The estimate of sending the draft. Its own component, as the only part of the conversation that
 * follows the draft: a key typed, or the box emptied by Send, draws this line again and nothing else.
 */
function DraftEstimate({ draftKey, settings, messages = NO_MESSAGES, latestRef }: DraftEstimateProps) {
  const typed = useChatStore((state) => state.drafts[draftKey] ?? "");
  // Send empties the box and the estimate goes in that same render. Left at the text sent, the
  // deferred draft has nothing to catch up on: no later render of this line comes while the
  // reply's first words are on their way.
  const [lastTyped, setLastTyped] = useState(typed);
  if (typed !== "" && typed !== lastTyped) setLastTyped(typed);
  const draft = useDeferredValue(typed === "" ? lastTyped : typed);
  const searchWeb = useChatStore((state) => state.searchWeb[draftKey] ?? false);
  const files = useChatStore((state) => state.draftAttachments[draftKey] ?? NO_FILES);
  const fileTokens = files.reduce((sum, file) => sum + file.tokens, 0);
  const systemPrompt = settings?.systemPrompt ?? "";
  // The transcript can be long: counted once per change of it, not at every key typed.
  const framed = useMemo(() => {
    const history = messages.filter(
      (message) => message.status !== "error" && (message.content.trim() !== "" || message.attachments),
    );
    const files = history.reduce((sum, message) => sum + attachedTokens(message.attachments), 0);
    return promptTokens(systemPrompt, history, "") + files;
  }, [systemPrompt, messages]);
  const check = useSpendCheck(
    // The box emptied by Send asks nothing, though the deferred draft still holds what was sent.
    settings && ((typed.trim() && draft.trim()) || fileTokens > 0) && !searchWeb
      ? {
          kind: "chat",
          model: settings.model,
          inputTokens: framed + approximateTokens(typed.trim() ? draft.trim() : "") + fileTokens,
          maxTokens: settings.maxTokens,
        }
      : null,
    settings?.profileId ?? null,
  );
  const shortfall = useShortfallText(check);
  useLayoutEffect(() => {
    latestRef.current = { check, shortfall };
  });
  return <CostEstimateLine check={check} />;
}

/**
 * What sending the draft would cost, before Send: the prompt (the system prompt, the messages kept
 * and the draft) at the model's input price, up to the conversation's max tokens of output. Web
 * search goes to another model at its own price, so it is not estimated here.
 */
export function useSendSpendCheck(input: Omit<DraftEstimateProps, "latestRef">): SendSpendCheck {
  const { t } = useTranslation();
  const latestRef = useRef<DraftCheck | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<(go: boolean) => void>(() => undefined);
  // Leaving the conversation while asked is Cancel: the draft goes back to its box.
  useEffect(() => () => answer.current(false), []);
  const close = (go: boolean) => {
    setQuestion(null);
    answer.current(go);
  };
  const guard =
    (send: Send): Send =>
    async (content, attachments) => {
      const state = latestRef.current?.check.cover.state;
      if (state === "over" || state === "exhausted") return false;
      if (state === "short") {
        const shortfall = latestRef.current?.shortfall ?? "";
        const go = await new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setQuestion(shortfall);
        });
        if (!go) return false;
      }
      return send(content, attachments);
    };
  const { draftKey, settings, messages } = input;
  const estimate = useMemo(
    () => (
      <div className="send-estimate">
        <DraftEstimate draftKey={draftKey} settings={settings} messages={messages} latestRef={latestRef} />
      </div>
    ),
    [draftKey, settings, messages],
  );
  const dialog = (
    <ConfirmDialog
      open={question !== null}
      title={t("cost.confirmTitle")}
      message={question ?? ""}
      confirmLabel={t("cost.sendAnyway")}
      cancelLabel={t("cost.cancel")}
      onCancel={() => close(false)}
      onConfirm={() => close(true)}
    />
  );
  return { estimate, dialog, guard };
}
