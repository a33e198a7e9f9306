import { Fragment, memo, type ComponentProps, type ReactElement } from "react";
import Markdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { ServerText } from "../../components/ServerText.tsx";
import { visibleControls } from "../../components/visible-controls.ts";
import { webUrl } from "../../components/web-url.ts";
import { ReplyImage } from "./ReplyImage.tsx";
import { markdownBlocks } from "./markdown-blocks.ts";
import { TextLru } from "./text-lru.ts";
import "./markdown.css";

function textOf(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node) {
    const { props } = node;
    if (props && typeof props === "object" && "children" in props) return textOf(props.children);
  }
  return "";
}

/**
 * `[n]` markers link within the page; other links only to http(s) addresses, else they stay text.
 * A link's words are the model's: unless they are the address itself, the host it really goes to
 * is shown apart after them.
 */
function ReplyLink({ href, children }: ComponentProps<"a">) {
  if (href?.startsWith("#")) {
    return (
      <a href={href} className="citation-marker">
        {children}
      </a>
    );
  }
  const url = webUrl(href);
  if (!url) return <>{children}</>;
  const words = textOf(children);
  return (
    <>
      <a href={url.href} target="_blank" rel="noreferrer noopener">
        <bdi>{children}</bdi>
      </a>
      {words !== href && words !== url.href && (
        <>
          {" "}
          <ServerText className="reply-link__host" text={url.host} />
        </>
      )}
    </>
  );
}

function CodeBlock({ children, ...props }: ComponentProps<"pre">) {
  const { t } = useTranslation();
  return (
    <div className="code-block">
      <CopyButton text={textOf(children).replace(/\n$/, "")} label={t("chat.copyCode")} />
      <pre {...props}>{children}</pre>
    </div>
  );
}

/** `[n]` citation markers become links to the numbered sources below the reply. */
function linkCitations(text: string, anchorPrefix: string, sourceCount: number): string {
  if (sourceCount === 0) return text;
  return text.replace(/\[(\d+)\](?!\()/g, (marker, number: string) =>
    Number(number) >= 1 && Number(number) <= sourceCount ? `[\\[${number}\\]](#${anchorPrefix}-${number})` : marker,
  );
}

/**
 * Highlighting's grammars, registered once: rehype-highlight registers them each time it is attached,
 * and react-markdown attaches its plugins at every render, so each delta of a reply paid for them.
 */
const highlightCode = rehypeHighlight({ detect: false });
const REHYPE_PLUGINS = [() => highlightCode];
const REMARK_PLUGINS = [remarkGfm];
const COMPONENTS: ComponentProps<typeof Markdown>["components"] = {
  pre: CodeBlock,
  a: ReplyLink,
  img: ({ src, alt }) => <ReplyImage src={src} alt={alt} />,
};

/**
 * One line that Markdown gives back as a paragraph of the same words: it starts with a letter and
 * holds only letters, digits, spaces and punctuation that starts no Markdown or GFM construct
 * (`www.` is the start of a link GFM makes on its own).
 */
const PLAIN_LINE = /^\p{L}[\p{L}\p{M}\p{N} ,.;?!'"/%-]*$/u;
const isPlainLine = (text: string) => PLAIN_LINE.test(text) && !/www\./i.test(text);

/**
 * `text` parsed as Markdown, GFM included: what a reply shows. react-markdown's Markdown is a plain
 * function of its options (no hooks): called here, its elements can be kept.
 */
export const parseMarkdown = (text: string): ReactElement =>
  Markdown({
    remarkPlugins: REMARK_PLUGINS,
    rehypePlugins: REHYPE_PLUGINS,
    skipHtml: true,
    components: COMPONENTS,
    children: text,
  });

/**
 * Blocks already parsed, by their text: a reply drawn anew (its stored message when it ends, a row
 * scrolled back into the transcript, a conversation opened again) parses none of its blocks again.
 * Kept elements hold their parsed trees too (about 150 bytes a character): a few long replies' worth.
 */
const parsedBlocks = new TextLru<ReactElement>(100_000);
/**
 * The last versions of blocks still growing (a streaming reply's last): not worth keeping for long,
 * but the one a block ends with is what its finished reply draws again.
 */
const growingBlocks = new TextLru<ReactElement>(20_000);

/** A block as parsed before, else parsed now; kept, or held for a while if it may still grow. */
function parsedBlock(text: string, keep: boolean): ReactElement {
  const parsed = parsedBlocks.get(text) ?? growingBlocks.get(text) ?? parseMarkdown(text);
  (keep ? parsedBlocks : growingBlocks).put(text, parsed);
  return parsed;
}

interface MarkdownViewProps {
  readonly text: string;
  readonly anchorPrefix: string;
  readonly sourceCount: number;
  /** A reply still streaming: its last block grows with each delta, so its versions are only held a while, not kept. */
  readonly growing?: boolean;
}

/**
 * A reply as Markdown (GFM tables, lists, links) with highlighted code and a copy button. Raw HTML
 * from the model is shown as text, never executed; links open outside the app; images are not
 * loaded; control and bidirectional formatting characters are shown, not obeyed.
 */
export const MarkdownView = memo(function MarkdownView({
  text,
  anchorPrefix,
  sourceCount,
  growing = false,
}: MarkdownViewProps) {
  const shown = linkCitations(visibleControls(text), anchorPrefix, sourceCount);
  const blocks = markdownBlocks(shown);
  return (
    <div className="markdown">
      {/* Between blocks, the line break Markdown puts between any two of its top-level elements. */}
      {blocks.map((block, index) => (
        <Fragment key={index}>
          {index > 0 && "\n"}
          <MarkdownBlock text={block} keep={!growing || index < blocks.length - 1} />
        </Fragment>
      ))}
    </div>
  );
});

/** One block of a reply, drawn again only when its text changes: while a reply streams, its last block alone. */
const MarkdownBlock = memo(function MarkdownBlock({ text, keep }: { text: string; keep: boolean }) {
  const line = text.replace(/\n+$/, "");
  // A reply's first words are mostly such a line: drawn at once, without a parse while the rest is due.
  return isPlainLine(line) ? <p>{line.replace(/ +$/, "")}</p> : parsedBlock(text, keep);
});
