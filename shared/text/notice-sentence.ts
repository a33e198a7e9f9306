/** Room for a sentence on a notification; longer ones are cut with an ellipsis. */
const NOTICE_MAX_CHARS = 160;

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Markup a gateway or a model may write: HTML tags, Markdown links, images, emphasis, code and heading marks. */
function withoutMarkup(text: string): string {
  return text
    .replace(/<[^>]*>?/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|[`*~<>]/g, "")
    .replace(/(^|\n)\s*#+\s*/g, "$1");
}

/**
 * What a desktop notification may carry of a text the app did not write (the gateway's error
 * message): its first sentence, without markup (a notification server may render some HTML) or
 * control characters, on one line and at most 160 characters.
 */
export function noticeSentence(text: string, locale = "en"): string {
  const plain = withoutMarkup(text).replace(CONTROLS, " ").replace(/\s+/g, " ").trim();
  const [first] = new Intl.Segmenter(locale, { granularity: "sentence" }).segment(plain);
  const sentence = (first?.segment ?? "").trim();
  return sentence.length <= NOTICE_MAX_CHARS ? sentence : `${sentence.slice(0, NOTICE_MAX_CHARS - 1).trimEnd()}…`;
}
