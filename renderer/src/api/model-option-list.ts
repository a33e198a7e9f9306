import type { ModelKind } from "../../../shared/ipc/profiles.ts";

/** Where a model code in the picker comes from, in the order they are listed. */
type ModelSource = "profile" | "server" | "recent";

/** What the picker says about a code beside its name. */
export type ModelBadge = "default" | "messages" | "images" | "textOnly" | "search";

export interface ModelOption {
  readonly code: string;
  readonly source: ModelSource;
  /** The heading it is listed under; codes used recently that no list names have their own. */
  readonly kind?: ModelKind;
  /** The server's list says it fails on purpose: it is listed under Test models. */
  readonly test?: boolean;
  readonly badges?: readonly ModelBadge[];
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

interface ModelOptionGroup {
  /** A kind, `test` for models made to fail, or `recent` for codes used recently that no list names. */
  readonly name: ModelKind | "test" | "recent";
  readonly options: readonly ModelOption[];
}

/** The options under their headings, each heading where its first code was listed. */
export function groupModelOptions(options: readonly ModelOption[]): ModelOptionGroup[] {
  const groups = new Map<ModelOptionGroup["name"], ModelOption[]>();
  for (const option of options) {
    const name = option.source === "recent" ? "recent" : option.test ? "test" : (option.kind ?? "chat");
    groups.set(name, [...(groups.get(name) ?? []), option]);
  }
  return [...groups].map(([name, grouped]) => ({ name, options: grouped }));
}
