import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "../../shared/gateway-api/search-completions.ts";
import { MarkdownView } from "../../renderer/src/panes/chat/MarkdownView.tsx";
import { SourcesList } from "../../renderer/src/panes/chat/SourcesList.tsx";
import { markupTexts, staticMarkup as render } from "../support/static-markup.ts";

beforeAll(() => markupTexts);

const reply = (text: string, sourceCount = 0) =>
  render(createElement(MarkdownView, { text, anchorPrefix: "reply-1", sourceCount }));

/** Every address the markup would make the page fetch or follow. */
const addressesIn = (html: string) => [...html.matchAll(/\b(?:src|href|srcset)="([^"]*)"/g)].map((match) => match[1]);

describe("images in a reply", () => {
  it.each([
    ["![x](http://127.0.0.1:9/leak.png)", "Load image: x", "127.0.0.1:9"],
    ["![](https://tracker.example/pixel.gif?q=secret)", "Load image: tracker.example", "tracker.example"],
  ])("%s becomes a button that names the image and shows its host, with no <img>", (markdown, name, host) => {
    const html = reply(`Here it is: ${markdown}`);
    expect(html).not.toMatch(/<img/i);
    expect(addressesIn(html)).toEqual([]);
    expect(html).toContain(`<button type="button"`);
    expect(html).toContain(`aria-label="${name}"`);
    expect(html).toContain(`Load image · ${host}`);
  });

  it.each([
    "![x](/.//x:abc/)",
    "![x](data:image/png;base64,iVBORw0KGgo=)",
    "![x](file:///etc/passwd)",
    "![x](javascript:alert(1))",
  ])("%s is neither fetched nor offered", (markdown) => {
    const html = reply(markdown);
    expect(html).not.toMatch(/<img|<button/i);
    expect(addressesIn(html)).toEqual([]);
    expect(html).toContain("x");
  });
});

describe("links in a reply", () => {
  it.each([
    "[click](javascript:alert(1))",
    "[click](data:text/html,<script>alert(1)</script>)",
    "[click](file:///etc/passwd)",
    "[click](/.//x:abc/)",
    "[click](vbscript:msgbox)",
  ])("%s stays plain text", (markdown) => {
    const html = reply(`See ${markdown} now.`);
    expect(html).not.toContain("<a");
    expect(html).toContain("See click now.");
  });

  it("keeps an https link, opening outside the app without a referrer", () => {
    expect(reply("[docs](https://example.com/docs)")).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noreferrer noopener"><bdi>docs</bdi></a>',
    );
  });

  it("keeps citation markers linking to the numbered sources", () => {
    expect(reply("As documented [1].", 1)).toContain('<a href="#reply-1-1" class="citation-marker">[1]</a>');
  });
});

describe("the Sources list of a web-search answer", () => {
  const source = (url: string, title: string): SearchResult => ({ url, title, snippet: "" });

  it("links only http(s) sources; the others keep their title as plain text", () => {
    const html = render(
      createElement(SourcesList, {
        anchorPrefix: "reply-1",
        sources: [
          source("javascript:alert(1)", "Script"),
          source("data:text/html,hi", "Data"),
          source("file:///etc/passwd", "File"),
          source("https://example.com/page", "Page"),
        ],
      }),
    );
    expect(addressesIn(html)).toEqual(["https://example.com/page"]);
    for (const title of ["Script", "Data", "File", "Page"]) expect(html).toContain(title);
  });
});
