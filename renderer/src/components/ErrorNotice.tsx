import { useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { CopyButton } from "./CopyButton.tsx";
import { errorText } from "./app-text.ts";
import { adviceKey } from "./error-advice.ts";
import { secondsUntil, useNow } from "./use-now.ts";

/** An error where it happened: code, what happened (the gateway's words, or the app's in its language), what to do, the request id to copy, and a 429 countdown. */
export function ErrorNotice({ error }: { error: IpcError }) {
  const { t } = useTranslation();
  const now = useNow();
  const [shownAt] = useState(() => Date.now());
  const hint = t(adviceKey(error));
  if (error.code === "NOT_OFFERED") {
    return (
      <p className="notice" role="status">
        {errorText(error)}
      </p>
    );
  }
  const retryLeft = error.retryAfter === undefined ? null : secondsUntil(shownAt + error.retryAfter * 1000, now);
  return (
    <div role="alert" className="error-notice">
      <p className="error-notice__headline">
        <code className="error-notice__code">
          {error.status ? `${error.status} ` : ""}
          {error.code}
        </code>{" "}
        {errorText(error)}
      </p>
      <p className="error-notice__hint">{hint}</p>
      {retryLeft !== null && (
        <p className="error-notice__retry" aria-live="polite">
          {retryLeft > 0 ? t("error.retryIn", { seconds: retryLeft }) : t("error.retryNow")}
        </p>
      )}
      {error.requestId && (
        <p className="error-notice__request">
          {t("error.requestId")}:{" "}
          <code data-testid="request-id" title={error.requestId}>
            {error.requestId}
          </code>{" "}
          <CopyButton text={error.requestId} label={t("error.copy")} />
        </p>
      )}
    </div>
  );
}
