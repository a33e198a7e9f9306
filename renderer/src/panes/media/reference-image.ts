import { REFERENCE_IMAGE_MAX_BYTES, type ReferenceImage } from "../../../../shared/ipc/tasks.ts";

export interface ChosenReference {
  readonly image: ReferenceImage;
  /** The picture the drop zone shows; null for a pasted link, which the page never fetches. */
  readonly preview: string | null;
  readonly label: string;
}

/** Why a file cannot be a reference image, or null when it can. */
export function referenceFileProblem(file: File): string | null {
  if (!["image/png", "image/jpeg"].includes(file.type)) return "notImage";
  if (file.size > REFERENCE_IMAGE_MAX_BYTES) return "tooLarge";
  return null;
}

/** A local file as a `data:` URL, the form the gateway accepts for image-to-video. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}
