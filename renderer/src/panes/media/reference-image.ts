import { REFERENCE_IMAGE_MAX_BYTES, type ReferenceImage } from "../../../../shared/ipc/tasks.ts";

export interface ChosenReference {
  readonly image: ReferenceImage;
  /** The picture the drop zone shows; null for a pasted link, which the page never fetches. */
  readonly preview: string | null;
  readonly label: string;
}

/** Why a file cannot be a reference image; the key of its message under `media.reference`. */
type ReferenceProblem = "notImage" | "tooLarge" | "unreadable";

const SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
];

/** Whether the file's first bytes are a PNG or JPEG signature: its name and type can say anything. */
async function hasImageSignature(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return SIGNATURES.some((signature) => signature.every((byte, index) => head[index] === byte));
}

/** Whether the browser can decode the whole picture, so a truncated or damaged file is refused here. */
async function decodes(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * A dropped or chosen file as a reference image, checked by what it contains (signature, size,
 * decodable), or why it cannot be one.
 */
export async function referenceFromFile(file: File): Promise<ChosenReference | ReferenceProblem> {
  if (file.size > REFERENCE_IMAGE_MAX_BYTES) return "tooLarge";
  try {
    if (!(await hasImageSignature(file)) || !(await decodes(file))) return "notImage";
    const dataUrl = await readAsDataUrl(file);
    return { image: { kind: "data", dataUrl }, preview: dataUrl, label: file.name };
  } catch {
    return "unreadable";
  }
}

/** A file's bytes as a `data:` URL, the form the gateway accepts for image-to-video. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}
