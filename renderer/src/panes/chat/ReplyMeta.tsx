import { useTranslation } from "../../i18n/use-translation.ts";
import type { MessageMeta } from "../../../../shared/ipc/chat.ts";
import type { Cost } from "../../../../shared/ipc/ledger.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { ServerText } from "../../components/ServerText.tsx";
import { costOf } from "../../components/cost-label.ts";
import { formatSeconds } from "../../components/format.ts";

const seconds = (ms: number | null) => (ms === null ? "–" : formatSeconds(ms / 1000, 2));

/** What the gateway said about a reply: model, finish reason, tokens, timings, what it cost and the request id. */
export function ReplyMeta({ meta, cost }: { meta: MessageMeta; cost: Cost | null }) {
  const { t } = useTranslation();
  const finish =
    meta.finish === "stop_sequence"
      ? t("chat.finish.stop_sequence", { sequence: meta.stopSequence ?? "" })
      : meta.finish
        ? t(`chat.finish.${meta.finish}`)
        : null;
  return (
    <div className="reply-meta" data-testid="reply-meta">
      <ServerText text={meta.model} />
      {finish && <span data-testid="finish">{finish}</span>}
      <span title={meta.tokensEstimated ? t("chat.tokensEstimatedHint") : undefined}>
        {meta.tokensEstimated ? "≈ " : ""}
        {t("chat.tokens", { input: meta.inputTokens ?? "–", output: meta.outputTokens ?? "–" })}
      </span>
      <span title={t("chat.ttftHint")}>{t("chat.ttft", { time: seconds(meta.ttftMs) })}</span>
      <span>{t("chat.total", { time: seconds(meta.totalMs) })}</span>
      {meta.rounds !== undefined && meta.rounds > 1 && (
        <span data-testid="reply-rounds">{t("tools.rounds", { count: meta.rounds })}</span>
      )}
      <span data-testid="reply-cost" title={cost?.kind === "estimated" ? t("cost.estimatedHint") : undefined}>
        {t("cost.reply", { amount: costOf(cost, { free: t("cost.free"), unknown: t("cost.unknown") }) })}
      </span>
      {meta.tokensImplausible && (
        <span className="reply-meta__warning" role="note">
          {t("cost.implausibleTokens")}
        </span>
      )}
      {meta.requestId && (
        <span className="reply-meta__request">
          <code data-testid="request-id">{meta.requestId}</code>
          <CopyButton text={meta.requestId} label={t("error.copy")} />
        </span>
      )}
    </div>
  );
}
