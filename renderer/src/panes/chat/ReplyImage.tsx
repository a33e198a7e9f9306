import { useTranslation } from "../../i18n/use-translation.ts";
import { webUrl } from "../../components/web-url.ts";

/**
 * An image in a reply, never fetched by the page: a fetch would carry conversation text (and, in
 * the web host, the browser's cookies) to any address a model writes. A button shows the image's
 * host and opens it outside the app on click; an address that is not http(s) shows its alt text only.
 */
export function ReplyImage({ src, alt }: { src: unknown; alt: string | undefined }) {
  const { t } = useTranslation();
  const url = webUrl(src);
  if (!url) return <>{alt}</>;
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={t("chat.replyImage.name", { name: alt?.trim() || url.host })}
      title={url.href}
      onClick={() => window.open(url.href, "_blank", "noopener,noreferrer")}
    >
      {t("chat.replyImage.show", { host: url.host })}
    </button>
  );
}
