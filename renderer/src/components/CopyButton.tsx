import { useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard access can be refused (e.g. an unfocused page); the id stays selectable as text.
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button type="button" className="button button--small" aria-label={label} onClick={copy}>
      {copied ? (
        t("error.copied")
      ) : (
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M9 9h11v11H9z M5 15H4V4h11v1" />
        </svg>
      )}
    </button>
  );
}
