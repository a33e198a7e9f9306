import type { ModelKind } from "../../../shared/ipc/profiles.ts";
import { looksLike, useCapabilities } from "./capability-queries.ts";
import { modelOptions, type ModelOption } from "./model-option-list.ts";
import { useActiveProfile } from "./queries.ts";

/** The picker's options for a kind (codes that look like that kind first), with the caller's recent codes. */
export function useModelOptions(kind: ModelKind, recent: readonly string[]): ModelOption[] {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  const server = data?.models ?? [];
  const likely = server.filter((code) => looksLike(kind, code));
  return modelOptions(profile?.models[kind] ?? [], [...likely, ...server], recent);
}
