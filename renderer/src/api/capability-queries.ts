import { useQuery } from "@tanstack/react-query";
import type { Feature } from "../../../shared/ipc/capabilities.ts";
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

/** The code a form starts with for a kind: the profile's first, else the first server code that looks like one. */
export function usePreferredModel(kind: ModelKind): string {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  const server = data?.models ?? [];
  return profile?.models[kind][0] ?? server.find((code) => looksLike(kind, code)) ?? "";
}
