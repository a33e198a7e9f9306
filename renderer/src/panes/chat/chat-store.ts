import type { ToolRound } from "../../../../shared/ipc/tool-rounds.ts";
import { create } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { ChatMessage, ChatStreamData } from "../../../../shared/ipc/chat.ts";
import type { SearchResult } from "../../../../shared/gateway-api/search-completions.ts";
import type { DraftAttachment } from "./draft-attachments.ts";

export interface SentQuestion {
  readonly typed: ChatMessage;
  readonly storedAs?: string;
  readonly shownAtSend?: ReadonlySet<string>;
}

/** A reply while it streams; replaced by the persisted message when its `done` event arrives. */
export interface LiveReply {
  readonly streamId: string;
  readonly conversationId: string;
  readonly assistantMessageId: string;
  readonly text: string;
  readonly sources: SearchResult[];
  readonly usage: ChatStreamData["usage"] | null;
  /** A tool-using turn's rounds as main last told them (calls waiting, running, answered). */
  readonly toolRounds?: readonly ToolRound[];
  /** A 429 being waited out, or the error that ended the stream. */
  readonly notice: (ChatStreamData["error"] & { at: number }) | null;
  readonly startedAt: number;
  /** When its first text arrived (the page's clock); null before. */
  readonly firstTextAt: number | null;
  /** Set for one answer of a comparison, which its comparison shows rather than the transcript. */
  readonly comparisonId?: string;
  /** When a request held for the key's rate limit goes out; null once text arrives. */
  readonly waitUntil: number | null;
  /** The app host went away while this streamed: it will never finish here. */
  readonly interrupted: boolean;
  /** Stop was pressed before main named the stream (a pending reply): it is stopped once it is named. */
  readonly stopAsked?: boolean;
  /**
   * The question sent with it, drawn as typed at Send, until the conversation read again holds it:
   * as the message `storedAs`, once main has answered Send, or before that as a question that was
   * not among the messages `shownAtSend` (unknown when the conversation had not been read yet).
   */
  readonly question?: SentQuestion;
}

export type StartedReply = Pick<
  LiveReply,
  "streamId" | "conversationId" | "assistantMessageId" | "comparisonId" | "question"
> & {
  /** The question as main stored it, when Send answers with it. */
  readonly userMessage?: ChatMessage;
};

/** The draft of a conversation not started yet (the message box shown before any conversation exists). */
export const FIRST_MESSAGE_DRAFT = "chat:new";

interface ChatState {
  activeConversationId: string | null;
  /** "Search the web" per conversation (or draft key): it never follows the user into another one. */
  searchWeb: Record<string, boolean>;
  /** Unsent text per conversation, so switching away never loses it. */
  drafts: Record<string, string>;
  /** Files in the message box per conversation (or draft key), kept like its text. */
  draftAttachments: Record<string, readonly DraftAttachment[]>;
  /**
   * The model typed before any conversation exists, by the profile active then: the conversation that
   * takes the first message's box has the active profile's (each profile's server has its own models).
   */
  firstMessageModels: Readonly<Record<string, string>>;
  live: Record<string, LiveReply>;
  /** Counts New chat presses: each one moves the focus to the message box, even on the same conversation. */
  composerFocusRequests: number;
  /**
   * Opening a conversation in place of the first message's box takes what that box holds with it,
   * in the same change: nothing typed while the conversation opens is left behind.
   */
  conversationOpened(id: string | null): void;
  composerFocusRequested(): void;
  /** `profileId` null: typed before the profiles are known, for the profile then found active. */
  firstMessageModelChosen(code: string, profileId: string | null): void;
  /** The profiles are known: what was typed before goes to the active one, unless it has its own. */
  firstMessageModelOwned(profileId: string): void;
  searchWebToggled(conversationId: string, on: boolean): void;
  /** The choice made before a conversation existed goes with the conversation its first message made. */
  searchWebMoved(from: string, to: string): void;
  draftChanged(conversationId: string, text: string): void;
  draftAttachmentsChanged(conversationId: string, attachments: readonly DraftAttachment[]): void;
  /** A reply begins; in place of the pending reply `replacing`, it keeps what that one drew: its question, words and state. */
  replyStarted(reply: StartedReply, replacing?: string): void;
  /** Stop pressed on a reply main has not named yet. */
  pendingReplyStopped(streamId: string): void;
  deltaReceived(streamId: string, text: string): void;
  usageReceived(streamId: string, usage: ChatStreamData["usage"]): void;
  sourcesReceived(streamId: string, sources: SearchResult[]): void;
  toolsReceived(streamId: string, rounds: readonly ToolRound[]): void;
  noticeReceived(streamId: string, notice: ChatStreamData["error"]): void;
  waitReceived(streamId: string, until: number): void;
  replyEnded(streamId: string): void;
  hostLost(): void;
  interruptedRepliesDropped(): void;
}

function updateLive(state: ChatState, streamId: string, change: (reply: LiveReply) => Partial<LiveReply>) {
  const reply = state.live[streamId];
  if (!reply) return {};
  return { live: { ...state.live, [streamId]: { ...reply, ...change(reply) } } };
}

/** The first message's text and files, moved to `conversationId` unless it has a draft of its own; its model is spent. */
function firstDraftMoved(state: ChatState, conversationId: string): Partial<ChatState> {
  const { drafts, draftAttachments } = state;
  const text = drafts[FIRST_MESSAGE_DRAFT] ?? "";
  const files = draftAttachments[FIRST_MESSAGE_DRAFT] ?? [];
  const moved: Partial<ChatState> = { firstMessageModels: {} };
  if (text && !drafts[conversationId]) moved.drafts = { ...drafts, [conversationId]: text, [FIRST_MESSAGE_DRAFT]: "" };
  if (files.length > 0 && !draftAttachments[conversationId]?.length)
    moved.draftAttachments = { ...draftAttachments, [conversationId]: files, [FIRST_MESSAGE_DRAFT]: [] };
  return moved;
}

/** Where a model typed before the profiles are known waits for the active one. */
export const NO_PROFILE_YET = "";

/** The model as typed for the first message on this profile ("" if none). */
export const firstMessageModelTyped = (
  state: Pick<ChatState, "firstMessageModels">,
  profileId: string | null,
): string => state.firstMessageModels[profileId ?? NO_PROFILE_YET] ?? "";

/** The model code chosen for the first message on this profile, if any. */
export const firstMessageModelOf = (state: Pick<ChatState, "firstMessageModels">, profileId: string | null) =>
  firstMessageModelTyped(state, profileId).trim() || null;

export const useChatStore = create<ChatState>((set) => ({
  activeConversationId: null,
  searchWeb: {},
  drafts: {},
  draftAttachments: {},
  firstMessageModels: {},
  live: {},
  composerFocusRequests: 0,
  conversationOpened: (id) =>
    set((state) => ({
      activeConversationId: id,
      ...(state.activeConversationId === null && id !== null ? firstDraftMoved(state, id) : {}),
    })),
  composerFocusRequested: () => set((state) => ({ composerFocusRequests: state.composerFocusRequests + 1 })),
  firstMessageModelChosen: (code, profileId) =>
    set((state) => ({ firstMessageModels: { ...state.firstMessageModels, [profileId ?? NO_PROFILE_YET]: code } })),
  firstMessageModelOwned: (profileId) =>
    set((state) => {
      const { [NO_PROFILE_YET]: early, ...own } = state.firstMessageModels;
      return early === undefined ? {} : { firstMessageModels: { [profileId]: early, ...own } };
    }),
  searchWebToggled: (conversationId, on) =>
    set((state) => ({ searchWeb: { ...state.searchWeb, [conversationId]: on } })),
  searchWebMoved: (from, to) =>
    set((state) => ({ searchWeb: { ...state.searchWeb, [from]: false, [to]: state.searchWeb[from] ?? false } })),
  draftChanged: (conversationId, text) => set((state) => ({ drafts: { ...state.drafts, [conversationId]: text } })),
  draftAttachmentsChanged: (conversationId, attachments) =>
    set((state) => ({ draftAttachments: { ...state.draftAttachments, [conversationId]: attachments } })),
  replyStarted: (reply, replacing) =>
    set((state) => {
      const { [replacing ?? ""]: pending, ...live } = state.live;
      const { userMessage, ...started } = reply;
      const question = pending?.question ?? reply.question;
      const asked = question ? { question: { ...question, ...(userMessage ? { storedAs: userMessage.id } : {}) } } : {};
      // A reply drawn at Send may have drawn its first words under its pending name: it keeps them, and its state.
      live[reply.streamId] = pending
        ? { ...pending, ...started, ...asked }
        : {
            ...started,
            ...asked,
            text: "",
            sources: [],
            usage: null,
            notice: null,
            startedAt: Date.now(),
            firstTextAt: null,
            waitUntil: null,
            interrupted: false,
          };
      return { live };
    }),
  pendingReplyStopped: (streamId) => set((state) => updateLive(state, streamId, () => ({ stopAsked: true }))),
  deltaReceived: (streamId, text) =>
    set((state) =>
      updateLive(state, streamId, (reply) => ({
        text: reply.text + text,
        waitUntil: null,
        firstTextAt: reply.firstTextAt ?? Date.now(),
      })),
    ),
  usageReceived: (streamId, usage) => set((state) => updateLive(state, streamId, () => ({ usage }))),
  sourcesReceived: (streamId, sources) => set((state) => updateLive(state, streamId, () => ({ sources }))),
  toolsReceived: (streamId, toolRounds) => set((state) => updateLive(state, streamId, () => ({ toolRounds }))),
  noticeReceived: (streamId, notice) =>
    set((state) => updateLive(state, streamId, () => ({ notice: { ...notice, at: Date.now() } }))),
  waitReceived: (streamId, until) => set((state) => updateLive(state, streamId, () => ({ waitUntil: until }))),
  replyEnded: (streamId) =>
    set((state) => {
      const live = { ...state.live };
      delete live[streamId];
      return { live };
    }),
  hostLost: () =>
    set((state) => ({
      live: Object.fromEntries(
        Object.entries(state.live).map(([streamId, reply]) => [streamId, { ...reply, interrupted: true }]),
      ),
    })),
  interruptedRepliesDropped: () =>
    set((state) => ({
      live: Object.fromEntries(Object.entries(state.live).filter(([, reply]) => !reply.interrupted)),
    })),
}));

const liveReplyIn = (state: ChatState, conversationId: string | null): LiveReply | null =>
  Object.values(state.live).find(
    (reply) => reply.conversationId === conversationId && reply.comparisonId === undefined,
  ) ?? null;

/** The conversation's reply streaming into the transcript (a comparison's answers are not it). */
export const useLiveReply = (conversationId: string | null) =>
  useChatStore((state) => liveReplyIn(state, conversationId));

/**
 * Which reply the conversation's transcript answers, and the question drawn for it: unlike the reply,
 * it does not change with each delta, so the list around the reply does not draw again with it.
 */
export const useLiveTurn = (conversationId: string | null) =>
  useChatStore(
    useShallow((state) => {
      const reply = liveReplyIn(state, conversationId);
      return reply && { assistantMessageId: reply.assistantMessageId, question: reply.question };
    }),
  );

/** The conversation's live reply now, for Stop: read when pressed, so the controls need not follow every delta. */
export const liveReplyOf = (conversationId: string | null) => liveReplyIn(useChatStore.getState(), conversationId);

/** What the conversation's controls show of its live reply: unlike the reply, it does not change with each delta. */
export const useLiveReplyStatus = (conversationId: string | null) =>
  useChatStore(
    useShallow((state) => {
      const reply = liveReplyIn(state, conversationId);
      return reply && { interrupted: reply.interrupted, waitUntil: reply.waitUntil };
    }),
  );
