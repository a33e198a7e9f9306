import type { ServerCapabilities } from "../../shared/ipc/capabilities.ts";

/** What the app knows of a profile's server before checking it (no model list, every feature unknown), with `known` over it. */
export function uncheckedServer(profileId: string, known: Partial<ServerCapabilities> = {}): ServerCapabilities {
  return {
    profileId,
    models: null,
    features: { balance: "unknown", messages: "unknown", search: "unknown", images: "unknown", video: "unknown" },
    checkedAt: null,
    ...known,
  };
}
