import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import type { AttachmentData } from "../../shared/ipc/attachments.ts";
import type { ChatMessage, ConversationDetail } from "../../shared/ipc/chat.ts";
import type { Comparison } from "../../shared/ipc/compare.ts";
import { DEFAULT_CHAT_SETTINGS } from "../../shared/ipc/chat.ts";
import { exportConversation } from "../../electron/services/chat/chat-export.ts";
import { PNG_BASE64 } from "../support/sample-files.ts";

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const RAW_TAG = /<(?:script|img|a|b|iframe|svg|details|style)\b/i;

interface MdNode {
  readonly type: string;
  readonly value?: string;
  readonly url?: string;
  readonly children?: readonly MdNode[];
}

/** The document as a CommonMark + GFM viewer reads it (the parser the reply view uses), every node flat. */
function parsed(markdown: string): MdNode[] {
  const nodes: MdNode[] = [];
  const collect = () => (tree: MdNode) => {
    const walk = (node: MdNode) => {
      nodes.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
  };
  renderToStaticMarkup(
    createElement(Markdown, { remarkPlugins: [remarkGfm, collect], urlTransform: (url: string) => url }, markdown),
  );
  return nodes;
}

const partition = <T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] => [
  items.filter(test),
  items.filter((item) => !test(item)),
];
const ofType = (nodes: readonly MdNode[], type: string) => nodes.filter((node) => node.type === type);
const textIn = (node: MdNode): string => node.value ?? (node.children ?? []).map((child) => textIn(child)).join("");

const HOSTILE_MODEL = 'gpt</sub><img src=x onerror=alert("model")>[pwn](javascript:alert(1))\u202Egnp.exe';
const HOSTILE_REQUEST = 'req-1</sub><a href="https://evil.example">x</a>\u001b[31m';
const HOSTILE_PROFILE = '# <script>alert("profile")</script> [p](javascript:alert(17)) \u202Egnp.exe';

function message(fields: Partial<ChatMessage> & Pick<ChatMessage, "id" | "role">): ChatMessage {
  return {
    conversationId: "c1",
    content: "Plain words.",
    status: "complete",
    error: null,
    meta: null,
    cost: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...fields,
  };
}

const meta = (model: string, fields: Partial<NonNullable<ChatMessage["meta"]>> = {}) => ({
  model,
  wireFormat: "chat-completions" as const,
  searched: false,
  finish: "finished" as const,
  stopSequence: null,
  inputTokens: 1,
  outputTokens: 1,
  ttftMs: null,
  totalMs: null,
  requestId: HOSTILE_REQUEST,
  sources: [],
  ...fields,
});

function detailOf(
  messages: ChatMessage[],
  fields: Partial<ConversationDetail["conversation"]> = {},
): ConversationDetail {
  return {
    conversation: {
      id: "c1",
      title: "Plain title",
      settings: DEFAULT_CHAT_SETTINGS,
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
      ...fields,
    },
    messages,
    totalCost: null,
  };
}

const FILES: Record<string, AttachmentData> = {
  image: {
    attachment: {
      id: "image",
      name: 'pixel](javascript:alert(2))<img src=x onerror=alert("name")>\u202Egnp.exe',
      kind: "image",
      mime: "image/png",
      bytes: 67,
      sha256: "x",
    },
    data: PNG_BASE64,
  },
  text: {
    attachment: {
      id: "text",
      name: "- <script>alert(3)</script>\u202Etxt.exe",
      kind: "text",
      mime: "text/plain",
      bytes: 20,
      sha256: "y",
    },
    data: Buffer.from("notes\u001b[2J and \u202Ereversed\n").toString("base64"),
  },
};
const dataOf = (id: string) => FILES[id]!;

/** A conversation with a hostile string in every field the Markdown export writes, around plain bodies. */
function hostileExport(): string {
  const question = message({
    id: "q1",
    role: "user",
    attachments: [FILES.image!.attachment, FILES.text!.attachment],
  });
  const answer = message({
    id: "a1",
    role: "assistant",
    status: "error",
    error: { code: "E<b>ad</b>", message: '<img src=x onerror=alert("error")> *failed* \u202Eoops\u001b' },
    meta: meta(HOSTILE_MODEL, {
      sources: [
        { title: "Good <b>docs</b> \u202E", url: "https://docs.example/a_(b)?q=<x>", snippet: "" },
        { title: "Evil", url: "javascript:alert(10)", snippet: "" },
        { title: "Data", url: "data:text/html,<script>alert(11)</script>", snippet: "" },
        { title: "](javascript:alert(12))", url: "https://ok.example/x) <img src=x onerror=alert(13)>", snippet: "" },
      ],
    }),
  });
  const compared = message({ id: "q2", role: "user" });
  const columns = [
    message({ id: "a2", role: "assistant", meta: meta('<script>alert("column")</script>') }),
    message({ id: "a3", role: "assistant", meta: meta("chat-pro") }),
  ];
  const comparison: Comparison = {
    id: "cmp",
    questionId: "q2",
    columns: [
      { messageId: "a2", model: '<script>alert("column")</script>\u2067', message: columns[0]! },
      { messageId: "a3", model: "chat-pro](javascript:alert(14))", message: columns[1]! },
    ],
    chosenId: "a2",
    createdAt: "2025-01-01T00:00:00.000Z",
  };
  const detail = detailOf([question, answer, compared, ...columns], {
    title: '<script>alert("title")</script> [x](javascript:alert(15)) \u202Egnp.exe',
    settings: {
      ...DEFAULT_CHAT_SETTINGS,
      profileId: "p1",
      model: HOSTILE_MODEL,
      systemPrompt: 'Be brief.\n<script>alert("system")</script>\n# Not a heading\n[y](javascript:alert(16))',
    },
  });
  return exportConversation(detail, "markdown", dataOf, [comparison], [{ id: "p1", name: HOSTILE_PROFILE }]).content;
}

describe("the Markdown export of a conversation with hostile strings in every field", () => {
  const markdown = hostileExport();
  const nodes = parsed(markdown);

  it("leaves no raw tag, no javascript: link and no hidden control character", () => {
    expect(markdown).not.toMatch(RAW_TAG);
    expect(markdown).not.toMatch(/\]\(\s*<?\s*(?:javascript|data:text)/i);
    expect(markdown).not.toMatch(HIDDEN);
    expect(markdown).not.toContain("alert(10)");
    expect(markdown).not.toContain("alert(11)");
  });

  it("shows the hidden characters as escapes a reader can see", () => {
    expect(markdown).toContain("\\u202E");
    expect(markdown).toContain("\\u001B");
  });

  it("keeps the notes line one <sub>: a hostile request id or model id cannot close it", () => {
    const html = ofType(nodes, "html").map((node) => node.value);
    expect(new Set(html)).toEqual(new Set(["<sub>", "</sub>"]));
    for (const line of markdown.split("\n").filter((text) => text.includes("<sub>"))) {
      expect(line).toMatch(/^<sub>[^<]*<\/sub>$/);
    }
  });

  it("makes no link, image or emphasis of a field, and keeps the https citation a link", () => {
    // A GFM viewer links a bare https:// address in any text to itself; no other link may appear.
    const [bare, written] = partition(ofType(nodes, "link"), (link) => textIn(link) === link.url);
    expect(bare.every((link) => link.url!.startsWith("https://evil.example"))).toBe(true);
    expect(written.map((link) => link.url)).toEqual([
      "https://docs.example/a_(b)?q=%3Cx%3E",
      "https://ok.example/x)%20%3Cimg%20src=x%20onerror=alert(13)%3E",
    ]);
    expect(textIn(written[0]!)).toBe("Good <b>docs</b> \\u202E");
    expect(ofType(nodes, "image").map((image) => image.url)).toEqual([`data:image/png;base64,${PNG_BASE64}`]);
    expect([...ofType(nodes, "emphasis"), ...ofType(nodes, "strong"), ...ofType(nodes, "delete")]).toEqual([]);
  });

  it("shows each field as its own text", () => {
    const headings = ofType(nodes, "heading").map((heading) => textIn(heading));
    expect(headings[0]).toBe('<script>alert("title")</script> [x](javascript:alert(15)) \\u202Egnp.exe');
    expect(headings).toContain(
      'Assistant (gpt</sub><img src=x onerror=alert("model")>[pwn](javascript:alert(1))\\u202Egnp.exe)',
    );
    expect(headings).toContain("chat-pro](javascript:alert(14))");
    const paragraphs = ofType(nodes, "paragraph").map((paragraph) => textIn(paragraph));
    expect(paragraphs).toContain(
      'Profile: # <script>alert("profile")</script> [p](javascript:alert(17)) \\u202Egnp.exe',
    );
    expect(markdown).toContain("Evil");
    expect(ofType(nodes, "list")).toHaveLength(1);
  });
});

const reply = (content: string) =>
  message({ id: "a1", role: "assistant", content, meta: meta("chat-fast", { requestId: "req-1" }) });
const exportOf = (...contents: string[]) =>
  exportConversation(
    detailOf(contents.map((content, index) => ({ ...reply(content), id: `a${index}` }))),
    "markdown",
    dataOf,
  ).content;
const rawHtml = (markdown: string) =>
  ofType(parsed(markdown), "html")
    .map((node) => node.value)
    .filter((value) => value !== "<sub>" && value !== "</sub>");

describe("a reply's own Markdown in the export", () => {
  const body = [
    "# Heading",
    "",
    "- item **bold**",
    "",
    "<img src=x onerror=alert(1)>",
    "",
    "Inline <script>alert(2)</script> and `a <b> code`",
    "",
    "```html",
    "<div>kept</div>",
    "```",
    "",
    "[ok](https://ok.example) [bad](javascript:alert(3)) [worse](java&#115;cript:alert(4))",
    "",
    "[go][ref]",
    "",
    "[ref]: javascript:alert(5)",
    "",
    "\u202Eevil\u001b",
  ].join("\n");
  const nodes = parsed(exportOf(body));

  it("keeps headings, lists, emphasis, code and http links", () => {
    expect(ofType(nodes, "heading").map((heading) => textIn(heading))).toContain("Heading");
    expect(ofType(nodes, "strong").map((strong) => textIn(strong))).toEqual(["bold"]);
    expect(ofType(nodes, "code").map((code) => code.value)).toEqual(["<div>kept</div>"]);
    expect(ofType(nodes, "inlineCode").map((code) => code.value)).toEqual(["a <b> code"]);
    expect(ofType(nodes, "link").map((link) => link.url)).toEqual(["https://ok.example"]);
  });

  it("shows its HTML as text instead of running it, and its hidden characters as escapes", () => {
    expect(rawHtml(exportOf(body))).toEqual([]);
    const text = ofType(nodes, "text").map((node) => node.value);
    expect(text.join("")).toContain("<img src=x onerror=alert(1)>");
    expect(text.join("")).toContain("<script>alert(2)</script>");
    expect(text.join("")).toContain("\\u202Eevil\\u001B");
    expect(exportOf(body)).not.toMatch(HIDDEN);
  });

  it.each([
    ["a fence opened after a list marker", "- ```\n  ```\n  <img src=x onerror=alert(1)>"],
    ["a fence deeper in a list item", "- a\n\n    ```\n  ```\n  <img src=x onerror=alert(1)>"],
    ["a fence closed by a tab-indented line", "- a\n\n  ```\n\t```\n  <img src=x onerror=alert(1)>"],
    ["a code span split by table cells", "| a |\n| - |\n| `x | <img src=x onerror=alert(1)> | y` |"],
    ["a code span across lines", "`a\nb` <img src=x onerror=alert(1)> `c`"],
    ["a code span after a heading", "# x `a\n<img src=x onerror=alert(1)>`"],
  ])("%s cannot smuggle HTML out of code", (_name, content) => {
    expect(rawHtml(exportOf(content))).toEqual([]);
  });

  it("an unclosed fence in one reply cannot turn the next reply's code into HTML", () => {
    expect(rawHtml(exportOf("```\nunclosed", "```\n<img src=x onerror=alert(1)>\n```"))).toEqual([]);
  });

  it("no arrangement of fences, spans, containers and tags lets HTML through", () => {
    const pieces = ["```", "~~~", "`", "``", "<img src=x onerror=alert(1)>", "<b>", "\n", "\n\n", " ", "  ", "    "];
    const more = ["\t", "- ", "> ", "1. ", "| ", "\\", "[a](", "javascript:x", ")", "x", "# "];
    const body = fc.array(fc.constantFrom(...pieces, ...more), { maxLength: 40 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(body, body, (first, second) => rawHtml(exportOf(first, second)).length === 0),
      { numRuns: 400 },
    );
  });
});
