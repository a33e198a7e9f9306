import { join } from "node:path";
import { writeReply } from "../../electron/local-gateway/text/reply-writer.ts";
import { encodePng } from "../../electron/local-gateway/media/png-codec.ts";
import { paintPromptArt } from "../../electron/local-gateway/media/procedural-art.ts";
import { ConversationStore } from "../../electron/services/chat/conversation-store.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DEFAULT_CHAT_SETTINGS } from "../../shared/ipc/chat.ts";
import { startServices } from "../support/services-fixture.ts";
import { sized } from "./bench-size.ts";

/**
 * Distinct pictures behind the gallery's items: each item is its own file, so the page decodes each.
 * A smoke run paints 2.
 */
const DISTINCT_IMAGES = 16;
const IMAGE_SIDE = 512;

/**
 * Saves the profile the web host will use for `gatewayUrl`, with a rate limit that keeps the app's
 * scheduler out of the figures (the host keeps an existing profile's RPM); resolves with its id.
 */
export async function seedProfile(dataDir: string, gatewayUrl: string, key: string): Promise<string> {
  const services = await startServices(gatewayUrl, key, dataDir);
  try {
    return services.vault.resolveId();
  } finally {
    await services.close();
  }
}

/** Seeds a conversation of `messages` questions and answers into the app's database before the app opens it. */
export function seedConversation(dataDir: string, messages: number, title: string): string {
  const db = openAppDatabase(join(dataDir, "modeldesk.sqlite"));
  const store = new ConversationStore(db);
  const { id } = store.create({ ...DEFAULT_CHAT_SETTINGS, maxTokens: 700 }, title);
  db.exec("BEGIN");
  for (let index = 0; index < messages; index += 2) {
    const question = `Question ${index / 2}: how does part ${index / 2} work?`;
    store.appendMessage({ conversationId: id, role: "user", content: question, status: "complete" });
    store.appendMessage({
      conversationId: id,
      role: "assistant",
      content: writeReply("chat-fast", [{ role: "user", content: question }]),
      status: "complete",
    });
  }
  db.exec("COMMIT");
  db.close();
  return id;
}

/** Seeds `count` generated images into the gallery of the host's profile, as the media library keeps them. */
export async function seedGallery(dataDir: string, gatewayUrl: string, key: string, count: number): Promise<void> {
  const pictures = Array.from({ length: sized(DISTINCT_IMAGES, 2) }, (_, index) =>
    encodePng(paintPromptArt(`gallery picture ${index}`, index, IMAGE_SIDE, IMAGE_SIDE)),
  );
  const services = await startServices(gatewayUrl, key, dataDir);
  try {
    const profileId = services.vault.resolveId();
    for (let index = 0; index < count; index++) {
      services.media.save({
        taskId: null,
        profileId,
        kind: "image",
        bytes: pictures[index % pictures.length] ?? new Uint8Array(),
        mime: "image/png",
        prompt: `Gallery item ${index}`,
        model: "image-pro",
        size: `${IMAGE_SIDE}x${IMAGE_SIDE}`,
        duration: null,
        remoteUrl: null,
        requestId: null,
      });
    }
  } finally {
    await services.close();
  }
}
