import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useFeatureMissing } from "../../api/capability-queries.ts";
import { secondsUntil, useNow } from "../../components/use-now.ts";
import { useChatStore } from "./chat-store.ts";
import { modelCommand } from "./model-command.ts";
import type { AttachmentInput } from "../../../../shared/ipc/attachments.ts";
import { ComposerAttachments } from "./ComposerAttachments.tsx";
import { useDraftAttachments } from "./use-draft-attachments.ts";
import { useSlashCommands } from "./use-slash-commands.ts";
import { SlashCommandList } from "./SlashCommandList.tsx";
import "./composer.css";

interface ComposerProps {
  /** Whose draft this is: a conversation's id, or a name for one not started yet. */
  readonly draftKey: string;
  /** The conversation's own profile; null: whichever is active. */
  readonly profileId?: string | null;
  readonly generating: boolean;
  /** When a reply held for the key's rate limit goes out. */
  readonly waitUntil: number | null;
  /** Takes the focus when it appears (a conversation opened, New chat). */
  readonly autoFocus?: boolean;
  /**
   * What sending the draft would cost, before Send. In the bar, where it takes no height of its own:
   * Send empties the box and the estimate goes without the transcript above moving.
   */
  readonly estimate?: ReactNode;
  /** Compare: only the text is sent, and the files attached stay in the box. */
  readonly textOnly?: boolean;
  /** Why no message can go yet, said above the box: Send waits meanwhile (a `/model` command still goes). */
  readonly held?: ReactNode;
  /** Whether it was accepted: when not, the text and files stay in the box. */
  onSend(content: string, attachments: AttachmentInput[]): Promise<boolean>;
  /** `/model name` typed and sent: the conversation's model becomes that code; whether it was taken. */
  onModelCommand(code: string): Promise<boolean>;
  onStop(): void;
}

/** What a text-only send takes from the box's files. */
const NOTHING_TAKEN = { inputs: [], giveBack: () => undefined };

/**
 * Enter sends, Shift+Enter adds a line, Esc stops; the draft survives switching conversations.
 * Memoised: given stable handlers, it draws again only for its own changes.
 */
export const Composer = memo(function Composer(props: ComposerProps) {
  const {
    draftKey,
    profileId = null,
    generating,
    waitUntil,
    autoFocus = false,
    estimate,
    textOnly = false,
    held = null,
    onSend,
    onModelCommand,
    onStop,
  } = props;
  const { t } = useTranslation();
  const [commandNotice, setCommandNotice] = useState<string | null>(null);
  const now = useNow(waitUntil === null ? 60_000 : 500);
  const draft = useChatStore((state) => state.drafts[draftKey] ?? "");
  const draftChanged = useChatStore((state) => state.draftChanged);
  const files = useDraftAttachments(draftKey);
  const searchWeb = useChatStore((state) => state.searchWeb[draftKey] ?? false);
  const searchWebToggled = useChatStore((state) => state.searchWebToggled);
  const searchMissing = useFeatureMissing("search", profileId);
  useEffect(() => {
    if (searchMissing && searchWeb) searchWebToggled(draftKey, false);
  }, [searchMissing, searchWeb, searchWebToggled, draftKey]);
  const whySearchOff = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const focusRequests = useChatStore((state) => state.composerFocusRequests);
  // Focused as the box is drawn, not after: keys pressed in between would go nowhere.
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus, focusRequests]);

  const nothingToSend = !draft.trim() && (textOnly || files.attachments.length === 0);
  const commands = useSlashCommands(draft, (text) => draftChanged(draftKey, text));
  const send = async () => {
    const content = draft.trim();
    if (nothingToSend) return;
    const model = modelCommand(content);
    if (model === "") return setCommandNotice(t("conversation.modelCommandHint"));
    if (model !== null) {
      draftChanged(draftKey, "");
      const taken = await onModelCommand(model);
      setCommandNotice(taken ? t("conversation.modelChanged", { model }) : null);
      if (!taken) draftChanged(draftKey, draft);
      return;
    }
    if (generating || held) return;
    setCommandNotice(null);
    draftChanged(draftKey, "");
    const sent = textOnly ? NOTHING_TAKEN : files.taken();
    const accepted = await onSend(content, sent.inputs);
    if (!accepted) {
      draftChanged(draftKey, draft);
      sent.giveBack();
    }
    // Only when it went elsewhere (Send was clicked): focusing lays the page out, while the reply's first words are due.
    if (document.activeElement !== input.current) input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (commands.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className={files.dragging ? "composer composer--dragging" : "composer"}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      {...files.dropHandlers}
    >
      {held}
      <ComposerAttachments
        attachments={files.attachments}
        problem={files.problem}
        onFiles={files.add}
        onRemove={files.remove}
      />
      <div className="composer__field">
        {commands.list && <SlashCommandList {...commands.list} />}
        <textarea
          ref={input}
          className="composer__input"
          aria-label={t("chat.message")}
          placeholder={t("chat.placeholder")}
          value={draft}
          rows={3}
          {...commands.inputProps}
          onChange={(event) => draftChanged(draftKey, event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={files.onPaste}
        />
      </div>
      <div className="composer__bar">
        <label className="toggle">
          <input
            type="checkbox"
            checked={searchWeb && !searchMissing}
            disabled={searchMissing}
            aria-describedby={searchMissing ? whySearchOff : undefined}
            onChange={(event) => searchWebToggled(draftKey, event.target.checked)}
          />
          <span>{t("chat.searchWeb")}</span>
        </label>
        {searchMissing && (
          <span id={whySearchOff} className="composer__why-off">
            {t("capabilities.notOffered.search")}
          </span>
        )}
        {held === null && estimate}
        {commandNotice && (
          <span className="composer__notice" role="status">
            {commandNotice}
          </span>
        )}
        {waitUntil !== null && (
          <span className="composer__wait" role="status">
            {t("chat.waitingForRateLimit", { seconds: Math.max(0, secondsUntil(waitUntil, now)) })}
          </span>
        )}
        {generating ? (
          <button type="button" className="button button--danger" onClick={onStop}>
            {t("chat.stop")}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={nothingToSend || (held !== null && modelCommand(draft) === null)}
          >
            {t("chat.send")}
          </button>
        )}
      </div>
    </form>
  );
});
