import type * as WebAppModule from "./web-app.ts";

/**
 * The services' modules (most of the host's start), leaves first, in parts of a few milliseconds to
 * a few tens: the web host loads them one at a time once its address is out, and serves the page's
 * files between two (page-first.ts). Loading a module runs all it imports at once, so a part lists
 * what it needs before it. Only an order: whatever the parts leave out, web-app.ts loads.
 */
const PARTS: readonly (() => Promise<unknown>)[] = [
  () => import("../../shared/ipc/ledger.ts"),
  () => import("../../shared/gateway-api/images.ts"),
  () => import("../../shared/gateway-api/video.ts"),
  () => import("../../shared/ipc/tasks.ts"),
  () => import("../../shared/ipc/attachments.ts"),
  () => import("../../shared/gateway-api/chat-completions.ts"),
  () => import("../../shared/gateway-api/search-completions.ts"),
  () => import("../../shared/ipc/tool-rounds.ts"),
  () => import("../../shared/ipc/chat.ts"),
  () => import("../../shared/ipc/mcp.ts"),
  () => import("../../shared/ipc/conversation-tools.ts"),
  () => import("../../shared/ipc/budget-alerts.ts"),
  () => import("../../shared/ipc/gallery-thumbnails.ts"),
  () => import("../../shared/ipc/assistants.ts"),
  () => import("../../shared/text/en-validation.ts"),
  () => import("../../shared/text/zh-validation.ts"),
  () => import("../../shared/text/app-texts.ts"),
  () => import("../services/gateway-client/gateway-failures.ts"),
  () => import("../services/gateway-client/gateway-client.ts"),
  () => import("../services/ledger/ledger-store.ts"),
  () => import("../composition/gateway-access.ts"),
  () => import("../services/budget/price-book.ts"),
  () => import("../services/budget/cost-attributor.ts"),
  () => import("../services/budget/budget-service.ts"),
  () => import("../composition/spend-services.ts"),
  () => import("../services/chat/conversation-store.ts"),
  () => import("../services/chat/reply-producer.ts"),
  () => import("../services/chat/chat-service.ts"),
  () => import("../composition/chat-services.ts"),
  () => import("../services/media/media-library.ts"),
  () => import("../services/tasks/task-engine.ts"),
  () => import("../composition/start-app-services.ts"),
  () => import("../ipc/invoke-handlers.ts"),
  () => import("../ipc/main-core.ts"),
];

/** web-app.ts and all it needs, a part at a time, awaiting `between` after each. */
export async function loadWebApp(between: () => Promise<void>): Promise<typeof WebAppModule> {
  for (const part of PARTS) {
    // A part that does not load (renamed, or failing) is left to web-app.ts, which then says why.
    await part().catch(() => undefined);
    await between();
  }
  return import("./web-app.ts");
}
