import { useTranslation } from "react-i18next";
import type { MessageMeta } from "../../../../shared/ipc/chat.ts";
import { CopyButton } from "../../components/CopyButton.tsx";

const seconds = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);

/** What the gateway said about a reply: model, finish reason, tokens, timings and the request id. */
export function ReplyMeta({ meta }: { meta: MessageMeta }) {
  const { t } = useTranslation();
  const finish =
    meta.finish === "stop_sequence"
      ? t("chat.finish.stop_sequence", { sequence: meta.stopSequence ?? "" })
      : meta.finish
        ? t(`chat.finish.${meta.finish}`)
        : null;
  return (
    <div className="reply-meta" data-testid="reply-meta">
      <span>{meta.model}</span>
      {finish && <span data-testid="finish">{finish}</span>}
      <span title={meta.tokensEstimated ? t("chat.tokensEstimatedHint") : undefined}>
        {meta.tokensEstimated ? "≈ " : ""}
        {t("chat.tokens", { input: meta.inputTokens ?? "–", output: meta.outputTokens ?? "–" })}
      </span>
      <span title={t("chat.ttftHint")}>{t("chat.ttft", { time: seconds(meta.ttftMs) })}</span>
      <span>{t("chat.total", { time: seconds(meta.totalMs) })}</span>
      {meta.requestId && (
        <span className="reply-meta__request">
          <code data-testid="request-id">{meta.requestId}</code>
          <CopyButton text={meta.requestId} label={t("error.copy")} />
        </span>
      )}
    </div>
  );
}
