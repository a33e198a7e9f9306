import { useTranslation } from "react-i18next";
import type { SearchResult } from "../../../../shared/gateway-api/search-completions.ts";
import { webUrl } from "../../components/web-url.ts";

/** A source's title links to it when its address is http(s); any other address stays unlinked. */
function SourceItem({ source }: { source: SearchResult }) {
  const url = webUrl(source.url);
  if (!url) return <>{source.title}</>;
  return (
    <>
      <a href={url.href} target="_blank" rel="noreferrer noopener">
        {source.title}
      </a>{" "}
      <span className="sources__domain">{url.host}</span>
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
            {source.snippet && <p className="sources__snippet">{source.snippet}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
