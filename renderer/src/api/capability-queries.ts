import { useQuery } from "@tanstack/react-query";
import type { Feature } from "../../../shared/ipc/capabilities.ts";
import type { ModelKind } from "../../../shared/ipc/profiles.ts";
import { preferredModel } from "../../../shared/model-kinds.ts";
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

/** Whether a profile's server (the active profile's where none is named) is known to lack a feature. */
export function useFeatureMissing(feature: Feature, profileId: string | null = null): boolean {
  const profile = useActiveProfile();
  return useCapabilities(profileId ?? profile?.id ?? null).data?.features[feature] === "missing";
}

/**
 * Whether the server's model list is known and neither it nor the profile names a model of this
 * kind (by its list or its name): the pane says so before a form fails.
 */
export function useNoModelsOf(kind: ModelKind): boolean {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  return Boolean(data?.models) && preferredModel(kind, profile?.models, data?.models, data) === null;
}

/** The code a form starts with for a kind: the profile's first, else the first server code of that kind. */
export function usePreferredModel(kind: ModelKind): string {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  return preferredModel(kind, profile?.models, data?.models, data) ?? "";
}
