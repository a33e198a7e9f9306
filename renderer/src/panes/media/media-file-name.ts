import type { MediaView } from "../../../../shared/ipc/tasks.ts";

const MAX_STEM = 60;

/**
 * The name Save as offers: the prompt's words (letters and digits of any script, joined by
 * dashes), cut at a word near 60 characters, with the id's start to keep names apart.
 */
export function mediaFileName(item: Pick<MediaView, "id" | "kind" | "prompt">): string {
  const words =
    item.prompt
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  let stem = "";
  for (const word of words) {
    const next = stem ? `${stem}-${word}` : word;
    if (next.length > MAX_STEM) break;
    stem = next;
  }
  const id = item.id.slice(0, 8);
  return `${stem ? `${stem}-${id}` : id}.${item.kind === "image" ? "png" : "mp4"}`;
}
