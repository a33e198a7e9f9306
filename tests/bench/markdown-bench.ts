import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { markdownBlocks } from "../../renderer/src/panes/chat/markdown-blocks.ts";
import { TextLru } from "../../renderer/src/panes/chat/text-lru.ts";
import { sized } from "./bench-size.ts";
import { median, report } from "./measure.ts";

/** The reply's length, and how many frames and drawings each figure is the median of (smaller in a smoke run). */
const REPLY_CHARS = 5_000;
const FRAMES = 40;
const DRAWINGS = 20;

/** A long reply as models write them: headings, paragraphs with inline Markdown, lists, code and a table. */
function longReply(): string {
  const paragraph = "Here is some **bold** text with `code` and a [link](https://example.com), and more words. ";
  const section = [
    "## A section",
    "",
    paragraph.repeat(3),
    "",
    "- one point",
    "- another, with *emphasis*",
    "",
    "```ts",
    "const total = items.reduce((sum, item) => sum + item.cost, 0);",
    "```",
    "",
    "| Aspect | Rating |",
    "|---|---|",
    "| Cost | low |",
    "",
    "",
  ].join("\n");
  const chars = sized(REPLY_CHARS, 1_000);
  return section.repeat(Math.ceil(chars / section.length)).slice(0, chars);
}

const parse = (text: string) =>
  renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm], skipHtml: true }, text));

/** The median time of `draw` over the reply's last frames, each a few words longer than the one before. */
function frameTimes(reply: string, draw: (text: string) => void): number {
  const times: number[] = [];
  for (let frame = sized(FRAMES, 3); frame > 0; frame--) {
    const text = reply.slice(0, reply.length - frame * 12);
    const started = performance.now();
    draw(text);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The median time of drawing the whole of `reply` anew, DRAWINGS times. */
function drawingTimes(reply: string, draw: (text: string) => string): number {
  const times: number[] = [];
  for (let drawing = 0; drawing < sized(DRAWINGS, 3); drawing++) {
    const started = performance.now();
    draw(reply);
    times.push(performance.now() - started);
  }
  return median(times);
}

const parsedBlock = (text: string) => Markdown({ remarkPlugins: [remarkGfm], skipHtml: true, children: text });
const keptBlocks = new TextLru<ReturnType<typeof parsedBlock>>(500_000);

/** The reply drawn from its blocks, each taken from those kept once parsed (as `MarkdownView` does) or parsed. */
const drawnFrom = (text: string, block: (text: string) => ReturnType<typeof parsedBlock>) =>
  renderToStaticMarkup(
    createElement(
      "div",
      { className: "markdown" },
      markdownBlocks(text).map((text, index) => createElement(Fragment, { key: index }, block(text))),
    ),
  );
const shownAgain = (text: string) =>
  drawnFrom(text, (block) => {
    const parsed = keptBlocks.get(block) ?? parsedBlock(block);
    keptBlocks.put(block, parsed);
    return parsed;
  });
const reparsed = (text: string) => drawnFrom(text, parsedBlock);

/**
 * What Markdown costs a frame of a streaming reply near 5,000 characters: the reply cut into blocks
 * and its last block parsed (the earlier ones are drawn once and kept), against the whole reply
 * parsed again, as each frame did before.
 */
export async function markdownBench(): Promise<void> {
  const reply = longReply();
  const lastBlock = (text: string) => parse(markdownBlocks(text).at(-1) ?? "");
  // Warm both paths up, as a page that has drawn a few replies is.
  frameTimes(reply, lastBlock);
  frameTimes(reply, parse);
  report("reply_markdown_frame_ms", frameTimes(reply, lastBlock), "ms");
  report("reply_markdown_frame_ms_whole_baseline", frameTimes(reply, parse), "ms");
  // A finished reply drawn anew: its stored message as it ends, a row scrolled back into the transcript.
  shownAgain(reply);
  reparsed(reply);
  report("reply_markdown_drawn_again_ms", drawingTimes(reply, shownAgain), "ms");
  report("reply_markdown_drawn_again_ms_reparsed_baseline", drawingTimes(reply, reparsed), "ms");
}
