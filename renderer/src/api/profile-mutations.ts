import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfilesState } from "../../../shared/ipc/profiles.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import { unwrap } from "./api-error.ts";
import { api } from "./desktop-api.ts";
import { queryKeys } from "./queries.ts";

/** A change to the profile list; main answers with the new list, which goes straight into the cache. */
function useProfilesChange(call: (id: string) => Promise<Result<ProfilesState>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(call(id)),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.profiles, state),
  });
}

export const useSelectProfile = () => useProfilesChange((id) => api.profiles.select({ id }));

export const useRemoveProfile = () => useProfilesChange((id) => api.profiles.remove({ id }));
