import type { SearchResult } from "../../../shared/gateway-api/search-completions.ts";
import { HELP_PAGES, type HelpPage } from "./help-pages.ts";

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from how i in is it me my of on or the to what when where which who why with you your".split(
    " ",
  ),
);

const termsOf = (text: string) =>
  (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((term) => !STOP_WORDS.has(term));

interface IndexedPage {
  readonly page: HelpPage;
  readonly terms: Map<string, number>;
  readonly length: number;
}

/** BM25 over the help pages; the best paragraph of each hit becomes its snippet. */
export class HelpSearch {
  private readonly pages: IndexedPage[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(pages: readonly HelpPage[] = HELP_PAGES) {
    this.pages = pages.map((page) => {
      const terms = new Map<string, number>();
      const all = termsOf(`${page.title} ${page.title} ${page.paragraphs.join(" ")}`);
      for (const term of all) terms.set(term, (terms.get(term) ?? 0) + 1);
      return { page, terms, length: all.length };
    });
    for (const { terms } of this.pages) {
      for (const term of terms.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    }
    this.averageLength = this.pages.reduce((sum, page) => sum + page.length, 0) / this.pages.length;
  }

  page(slug: string): HelpPage | undefined {
    return this.pages.find((indexed) => indexed.page.slug === slug)?.page;
  }

  get allPages(): readonly HelpPage[] {
    return this.pages.map((indexed) => indexed.page);
  }

  /** The best `limit` pages for `query`; when nothing matches, the getting-started pages. */
  search(query: string, origin: string, limit = 3): SearchResult[] {
    const queryTerms = termsOf(query);
    const scored = this.pages
      .map((indexed) => ({ indexed, score: this.score(indexed, queryTerms) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    const hits = scored.length > 0 ? scored.map((hit) => hit.indexed) : this.pages.slice(0, 2);
    return hits.map(({ page }) => ({
      title: page.title,
      url: `${origin}/help/${page.slug}`,
      snippet: bestParagraph(page, queryTerms),
    }));
  }

  private score(indexed: IndexedPage, queryTerms: readonly string[]): number {
    const k1 = 1.2;
    const b = 0.75;
    let score = 0;
    for (const term of new Set(queryTerms)) {
      const frequency = indexed.terms.get(term) ?? 0;
      if (frequency === 0) continue;
      const documents = this.documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (this.pages.length - documents + 0.5) / (documents + 0.5));
      score += (idf * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * indexed.length) / this.averageLength));
    }
    return score;
  }
}

function bestParagraph(page: HelpPage, queryTerms: readonly string[]): string {
  const wanted = new Set(queryTerms);
  let best = page.paragraphs[0] ?? "";
  let bestHits = -1;
  for (const paragraph of page.paragraphs) {
    const hits = termsOf(paragraph).filter((term) => wanted.has(term)).length;
    if (hits > bestHits) {
      best = paragraph;
      bestHits = hits;
    }
  }
  return best;
}

/** Writes the answer from the results, marking each statement with its source number. */
export function answerFromResults(question: string, results: readonly SearchResult[]): string {
  const lines = results.map((result, index) => `- ${result.snippet} [${index + 1}]`);
  const topic =
    question
      .trim()
      .split("\n")[0]
      ?.replace(/[?.!]+$/, "") || "your question";
  return [
    `Here is what the sources say about "${topic}":`,
    lines.join("\n"),
    `In short, ${results[0]?.title.toLowerCase() ?? "the documentation"} covers this best [1].`,
  ].join("\n\n");
}
