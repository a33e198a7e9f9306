import type { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { encodePng } from "../../electron/local-gateway/media/png-codec.ts";
import { paintPromptArt } from "../../electron/local-gateway/media/procedural-art.ts";
import { renderVideo } from "../../electron/local-gateway/media/video-renderer.ts";
import { MediaLibrary } from "../../electron/services/media/media-library.ts";
import { TaskTable } from "../../electron/services/tasks/task-table.ts";
import { YEAR_MS } from "./scale-ledger.ts";
import { seededId } from "../support/seeded-id.ts";

/** Distinct files behind the gallery's items; each item is still a file of its own. */
const DISTINCT = 16;
const PICTURE_SIDE = 256;
const CLIP_SIDE = 64;

export interface GalleryYear {
  readonly dataDir: string;
  readonly profileId: string;
  readonly pictures: number;
  readonly videos: number;
  readonly tasks: number;
  readonly random: () => number;
  readonly now: number;
}

/**
 * The gallery as the media library keeps it (a file and its sidecar per item, and its row), in the
 * data folder's `media` directory, as the app composes it.
 */
export async function seedGalleryYear(db: DatabaseSync, year: GalleryYear): Promise<void> {
  const pictures = Array.from({ length: DISTINCT }, (_, index) =>
    encodePng(paintPromptArt(`scale picture ${index}`, index, PICTURE_SIDE, PICTURE_SIDE)),
  );
  const clip = await renderVideo({
    width: CLIP_SIDE,
    height: CLIP_SIDE,
    durationSeconds: 1,
    background: paintPromptArt("scale clip", 1, CLIP_SIDE, CLIP_SIDE),
    seed: 1,
  });
  const library = new MediaLibrary(db, join(year.dataDir, "media"), (id) => id);
  const common = { taskId: null, profileId: year.profileId, remoteUrl: null, requestId: null } as const;
  for (let index = 0; index < year.pictures; index++) {
    const bytes = pictures[Math.floor(year.random() * DISTINCT)] ?? new Uint8Array();
    const size = `${PICTURE_SIDE}x${PICTURE_SIDE}`;
    const prompt = `Picture ${index}`;
    library.save({
      ...common,
      kind: "image",
      bytes,
      mime: "image/png",
      prompt,
      model: "image-pro",
      size,
      duration: null,
    });
  }
  for (let index = 0; index < year.videos; index++) {
    const size = `${CLIP_SIDE}x${CLIP_SIDE}`;
    const prompt = `Clip ${index}`;
    library.save({
      ...common,
      kind: "video",
      bytes: clip,
      mime: "video/mp4",
      prompt,
      model: "video-std",
      size,
      duration: 1,
    });
  }
}

/** `tasks` finished image and video tasks over the year, as the task table keeps them. */
export function seedTasksYear(db: DatabaseSync, year: GalleryYear): void {
  const table = new TaskTable(db);
  for (let index = 0; index < year.tasks; index++) {
    const kind = index % 5 === 0 ? "video" : "image";
    const model = kind === "video" ? "video-std" : "image-pro";
    const at = Math.floor(year.now - YEAR_MS + ((index + year.random()) / year.tasks) * YEAR_MS);
    const failed = year.random() < 0.08;
    table.insert({
      id: seededId(year.random),
      profile_id: year.profileId,
      kind,
      model,
      prompt: `Task ${index}: a lighthouse at dusk`,
      params: JSON.stringify({ model, prompt: "a lighthouse at dusk", n: 1, size: "1024x1024", responseFormat: "url" }),
      status: failed ? "failed" : "completed",
      progress: failed ? 40 : 100,
      remote_id: `task_${index}`,
      request_id: `req_task_${index}`,
      wait_reason: null,
      error_code: failed ? "generation_failed" : null,
      error_message: failed ? "The model could not render this prompt." : null,
      created_at: at,
      submitted_at: at + 50,
      updated_at: at + 90_000,
      finished_at: at + 90_000,
      next_poll_at: null,
      poll_interval_ms: null,
      wait_started_at: at + 50,
    });
  }
}
