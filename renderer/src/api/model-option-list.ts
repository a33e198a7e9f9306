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
