import { memo, type ComponentProps, type ReactNode } from "react";
import Markdown from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/CopyButton.tsx";

function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node)
    return textOf((node.props as { children?: ReactNode }).children);
  return "";
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

interface MarkdownViewProps {
  readonly text: string;
  readonly anchorPrefix: string;
  readonly sourceCount: number;
}

/**
 * A reply as Markdown (GFM tables, lists, links) with highlighted code and a copy button. Raw HTML
 * from the model is shown as text, never executed; links open outside the app.
 */
export const MarkdownView = memo(function MarkdownView({ text, anchorPrefix, sourceCount }: MarkdownViewProps) {
  return (
    <div className="markdown">
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeHighlight, { detect: false, ignoreMissing: true }]]}
        skipHtml
        components={{
          pre: CodeBlock,
          a: ({ href, children }) =>
            href?.startsWith("#") ? (
              <a href={href} className="citation-marker">
                {children}
              </a>
            ) : (
              <a href={href} target="_blank" rel="noreferrer noopener">
                {children}
              </a>
            ),
        }}
      >
        {linkCitations(text, anchorPrefix, sourceCount)}
      </Markdown>
    </div>
  );
});
