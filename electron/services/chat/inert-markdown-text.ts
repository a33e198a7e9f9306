// eslint-disable-next-line no-control-regex -- control characters are what this finds
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every control and bidirectional formatting character written as `\u202E`: seen in
 * any viewer, and reordering nothing ("evil", U+202E, "gnp.exe" would read as "evilexe.png").
 * Tab and line ends stay.
 */
export function visibleEscapes(text: string): string {
  return text.replace(
    HIDDEN,
    (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * A string the app did not write (a model id, a request id, an error, a title, a file name) as
 * Markdown that shows exactly its characters: on one line, with nothing a viewer would turn into
 * a tag, an entity, a link, an image, emphasis, code, a heading, a list, a quote or a table. (A GFM
 * viewer still links a bare `https://…` or `www.…` in it, to that very address: it finds them in
 * the text after escapes are read, so no escape prevents it.)
 */
export function inertText(text: string): string {
  const line = text
    .replace(/[\t\n\r]+/g, " ")
    .replace(/[\\`*_[\]()#|!~]/g, "\\$&")
    .replace(/[&<>]/g, (character) => HTML_ENTITIES[character]!)
    .replace(/^(\s*)([-+=])/, "$1\\$2")
    .replace(/^(\s*\d+)([.)])/, "$1\\$2");
  return visibleEscapes(line);
}

/**
 * `url` as a Markdown link destination if it is an http(s) address, else null. Written from the
 * parsed URL (which percent-encodes spaces, `<` and `>`), with the characters Markdown would read
 * as ending the link, as an escape or as an entity escaped, so the address followed is the one checked.
 */
export function webDestination(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return parsed.href.replace(/[()\\]/g, "\\$&").replace(/&/g, "&amp;");
}

/** A citation as a link when its address is http(s); any other address is dropped and its title stays as text. */
export function inertLink(title: string, url: string): string {
  const words = inertText(title.trim() || url);
  const destination = webDestination(url);
  return destination ? `[${words}](${destination})` : words;
}
