import { createElement } from "react";
import { MarkdownView, parseMarkdown } from "../../renderer/src/panes/chat/MarkdownView.tsx";
import { staticMarkup } from "./static-markup.ts";

/** The HTML of `text` as a reply shows it (await `markupTexts` first). */
export const shownAsReply = (text: string): string =>
  staticMarkup(createElement(MarkdownView, { text, anchorPrefix: "reply-1", sourceCount: 0 }));

/** The HTML of `text` parsed whole as Markdown, in the reply's box. */
export const parsedWhole = (text: string): string =>
  staticMarkup(createElement("div", { className: "markdown" }, parseMarkdown(text)));
