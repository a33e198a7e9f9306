import type { DatabaseSync } from "node:sqlite";

/**
 * Wraps a fetch so every gateway call is recorded (method, path, status, request id, duration).
 * Headers and bodies are never recorded, so keys and prompts stay out of the log.
 */
export function loggingFetch(db: DatabaseSync, profileId: string, baseFetch: typeof fetch): typeof fetch {
  const insert = db.prepare(
    "INSERT INTO request_log (profile_id, started_at, method, path, status, request_id, duration_ms, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  return async (input, init) => {
    const startedAt = Date.now();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    try {
      const response = await baseFetch(input, init);
      insert.run(
        profileId,
        startedAt,
        method,
        url.pathname,
        response.status,
        response.headers.get("x-request-id"),
        Date.now() - startedAt,
        null,
      );
      return response;
    } catch (error) {
      const name = error instanceof Error ? error.name : "Error";
      insert.run(profileId, startedAt, method, url.pathname, null, null, Date.now() - startedAt, name);
      throw error;
    }
  };
}
