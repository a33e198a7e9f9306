import type { ModelKind } from "../../../shared/ipc/profiles.ts";
import { looksLike, useCapabilities } from "./capability-queries.ts";
import { useActiveProfile } from "./queries.ts";

/** Where a model code in the picker comes from, in the order they are listed. */
export type ModelSource = "profile" | "server" | "recent";

export interface ModelOption {
  readonly code: string;
  readonly source: ModelSource;
}

/**
 * The codes to offer for a kind: the profile's own, then the server's `/v1/models` list, then codes
 * used recently that neither names (newest first); each once, under its first source.
 */
export function modelOptions(
  profile: readonly string[],
  server: readonly string[],
  recent: readonly string[],
): ModelOption[] {
  const seen = new Set<string>();
  const take = (codes: readonly string[], source: ModelSource) =>
    codes.flatMap((code) => (code.trim() === "" || seen.has(code) ? [] : (seen.add(code), [{ code, source }])));
  return [...take(profile, "profile"), ...take(server, "server"), ...take(recent, "recent")];
}

/** The picker's options for a kind (codes that look like that kind first), with the caller's recent codes. */
export function useModelOptions(kind: ModelKind, recent: readonly string[]): ModelOption[] {
  const profile = useActiveProfile();
  const { data } = useCapabilities(profile?.id ?? null);
  const server = data?.models ?? [];
  const likely = server.filter((code) => looksLike(kind, code));
  return modelOptions(profile?.models[kind] ?? [], [...likely, ...server], recent);
}
