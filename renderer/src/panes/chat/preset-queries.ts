import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PresetInput } from "../../../../shared/ipc/presets.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";

const PRESETS_KEY = ["presets"] as const;

/** Prompt presets, by name. */
export const usePresets = () => useQuery({ queryKey: PRESETS_KEY, queryFn: () => unwrap(api.presets.list()) });

/** Saves a new preset, or one edited; every list of presets shows it afterwards. */
export function useSavePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preset: PresetInput) => unwrap(api.presets.save(preset)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRESETS_KEY }),
  });
}

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string) => unwrap(api.presets.remove({ presetId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRESETS_KEY }),
  });
}
