import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");
const readme = join(root, "README.md");
const docs = readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".md"))
  .map((name) => join(root, "docs", name));

/** The targets of a Markdown file's links and images, without their `#fragment`. */
const linkTargets = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => (match[1] ?? "").split("#")[0] ?? "");

const isWeb = (target: string) => /^[a-z]+:/i.test(target);

describe("links in the README and docs", () => {
  it("point at files that exist in the repository", () => {
    const broken = [readme, ...docs].flatMap((file) =>
      linkTargets(readFileSync(file, "utf8"))
        .filter((target) => target !== "" && !isWeb(target))
        .filter((target) => {
          const path = resolve(dirname(file), target);
          return relative(root, path).startsWith("..") || !existsSync(path);
        })
        .map((target) => `${relative(root, file)}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("the README names nothing outside the repository, not even as text", () => {
    const text = readFileSync(readme, "utf8");
    expect(text.match(/\.\.\/\S*/g) ?? []).toEqual([]);
    expect(linkTargets(text).filter(isWeb)).toEqual([]);
  });
});
