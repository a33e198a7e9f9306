import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useQueryClient } from "@tanstack/react-query";
import type { ToolCallView } from "../../../../shared/ipc/tool-rounds.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { ServerText } from "../../components/ServerText.tsx";
import { chatKeys } from "./chat-queries.ts";
import "./tool-calls.css";

/** The most of a result a card shows; all of it went to the model. */
const SHOWN_RESULT_CHARS = 4_000;

interface ToolCallCardProps {
  readonly call: ToolCallView;
  /** Where the user's answer goes while the reply waits on it; absent for a reply that ended. */
  readonly waitingIn?: { readonly conversationId: string; readonly messageId: string };
}

/**
 * One tool call in the transcript: its server and tool, the arguments the model sent, its state,
 * what came back (as text, never as HTML) and how long it took; Allow and Deny while it waits.
 */
export function ToolCallCard({ call, waitingIn }: ToolCallCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [always, setAlways] = useState(false);
  const [answered, setAnswered] = useState(false);
  const decide = (decision: "allow" | "deny") => {
    if (!waitingIn) return;
    setAnswered(true);
    void unwrap(api.chat.toolDecision({ ...waitingIn, callId: call.id, decision, always }))
      .then(() => {
        if (always) void queryClient.invalidateQueries({ queryKey: chatKeys.tools(waitingIn.conversationId) });
      })
      .catch(() => setAnswered(false));
  };
  const [stopping, setStopping] = useState(false);
  const stop = () => {
    if (!waitingIn) return;
    setStopping(true);
    void unwrap(api.chat.stopToolCall({ messageId: waitingIn.messageId, callId: call.id })).catch(() =>
      setStopping(false),
    );
  };
  // A call still waiting or running in a reply that ended (a crash, a closed window) was never finished.
  const state = waitingIn || (call.state !== "waiting" && call.state !== "running") ? call.state : "stopped";
  const result = call.result ?? "";
  const shown = result.length > SHOWN_RESULT_CHARS ? `${result.slice(0, SHOWN_RESULT_CHARS)}…` : result;
  return (
    <section
      className={`tool-call tool-call--${state}`}
      aria-label={t("tools.card", { server: call.server || "?", tool: call.tool })}
    >
      <header className="tool-call__head">
        <ServerText className="tool-call__name" text={`${call.server} · ${call.tool}`} />
        <span className="tool-call__state" role="status">
          {t(`tools.state.${state}`)}
          {call.ms !== null && ` · ${t("tools.ms", { ms: call.ms })}`}
        </span>
      </header>
      <p className="tool-call__label">{t("tools.arguments")}</p>
      <pre className="tool-call__text">{call.arguments || "{}"}</pre>
      {call.result !== null && (
        <>
          <p className="tool-call__label">{t("tools.result")}</p>
          <pre className="tool-call__text">{shown}</pre>
        </>
      )}
      {state === "waiting" && waitingIn && (
        <div className="tool-call__decide">
          <button type="button" className="button button--primary" disabled={answered} onClick={() => decide("allow")}>
            {t("tools.allow")}
          </button>
          <button type="button" className="button" disabled={answered} onClick={() => decide("deny")}>
            {t("tools.deny")}
          </button>
          <label className="toggle">
            <input type="checkbox" checked={always} onChange={(event) => setAlways(event.target.checked)} />
            <span>{t("tools.alwaysAllow")}</span>
          </label>
        </div>
      )}
      {state === "running" && waitingIn && (
        <div className="tool-call__decide">
          <button type="button" className="button" disabled={stopping} onClick={stop}>
            {t("tools.stopCall")}
          </button>
        </div>
      )}
    </section>
  );
}
