import type { Feature } from "../../../shared/ipc/capabilities.ts";

const FEATURE_PATHS: readonly [RegExp, Feature][] = [
  [/^\/v1\/balance$/, "balance"],
  [/^\/v1\/messages$/, "messages"],
  [/^\/v1\/search\/completions$/, "search"],
  [/^\/v1\/images\/generations$/, "images"],
  [/^\/v1\/video\/generations$/, "video"],
];

/** The optional feature a request path uses, if any (polls of existing tasks say nothing new). */
export function featureOf(pathname: string): Feature | null {
  return FEATURE_PATHS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/**
 * A 404 means the endpoint is missing unless the server says it is the model that was not found
 * (the spec's MODEL_NOT_FOUND, OpenAI's model_not_found): then the endpoint exists.
 */
export function isMissingEndpoint(status: number, serverCode: string | null): boolean {
  return (status === 404 || status === 405) && !/model/i.test(serverCode ?? "");
}
