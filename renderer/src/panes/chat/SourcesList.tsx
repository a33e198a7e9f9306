import { useTranslation } from "../../i18n/use-translation.ts";
import type { SearchResult } from "../../../../shared/gateway-api/search-completions.ts";
import { ServerText } from "../../components/ServerText.tsx";
import { webUrl } from "../../components/web-url.ts";

/**
 * A source's title links to it when its address is http(s); any other address stays unlinked. The
 * title is the search engine's words: the host shown beside it, apart, is where the link goes.
 */
function SourceItem({ source }: { source: SearchResult }) {
  const url = webUrl(source.url);
  if (!url) return <ServerText text={source.title} />;
  return (
    <>
      <a href={url.href} target="_blank" rel="noreferrer noopener">
        <ServerText text={source.title} />
      </a>{" "}
      <ServerText className="sources__domain" text={url.host} />
    </>
  );
}

/** The numbered sources of a web-search answer; `[n]` in the text links here. */
export function SourcesList({ sources, anchorPrefix }: { sources: readonly SearchResult[]; anchorPrefix: string }) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  return (
    <section className="sources" aria-label={t("chat.sources")}>
      <h3 className="sources__title">{t("chat.sources")}</h3>
      <ol className="sources__list">
        {sources.map((source, index) => (
          <li key={source.url + index} id={`${anchorPrefix}-${index + 1}`} className="sources__item">
            <SourceItem source={source} />
            {source.snippet && (
              <p className="sources__snippet">
                <ServerText text={source.snippet} />
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
