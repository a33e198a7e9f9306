import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Feature, ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { ModelKind } from "../../../shared/ipc/profiles.ts";
import { unwrap } from "./api-error.ts";
import { api } from "./desktop-api.ts";
import { queryKeys, useActiveProfile } from "./queries.ts";

/** What the profile's server offers; main pushes every change (capabilities.changed). */
export const useCapabilities = (profileId: string | null) =>
  useQuery({
    queryKey: queryKeys.capabilities(profileId),
    queryFn: () => unwrap(api.capabilities.get(profileId ? { profileId } : {})),
    enabled: profileId !== null,
    staleTime: Infinity,
  });

/** Whether the active profile's server is known to lack a feature. */
export function useFeatureMissing(feature: Feature): boolean {
  const profile = useActiveProfile();
  return useCapabilities(profile?.id ?? null).data?.features[feature] === "missing";
}

/** Codes that look like this kind, for a default when the profile names none. */
const KIND_HINTS: Record<ModelKind, RegExp> = {
  chat: /./,
  search: /search/i,
  image: /image|dall|flux|diffusion|sd/i,
  video: /video|sora|kling|veo/i,
};

export const looksLike = (kind: ModelKind, code: string) => KIND_HINTS[kind].test(code);

/** Model codes to offer for a kind: the profile's own first, then the server's `/v1/models` list. */
export function modelSuggestions(
  kind: ModelKind,
  profileModels: readonly string[],
  capabilities: ServerCapabilities | undefined,
): { suggestions: string[]; preferred: string } {
  const server = capabilities?.models ?? [];
  const suggestions = [...new Set([...profileModels, ...server])];
  const preferred = profileModels[0] ?? server.find((code) => looksLike(kind, code)) ?? "";
  return { suggestions, preferred };
}

/** Suggestions that stay the same object until the profile or its server's list changes. */
export function useModelSuggestions(kind: ModelKind) {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  return useMemo(() => modelSuggestions(kind, profile?.models[kind] ?? [], data), [kind, profile, data]);
}
