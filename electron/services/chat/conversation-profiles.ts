import type { DatabaseSync } from "node:sqlite";

/**
 * Gives every conversation stored without a profile (`profileId` null: from before conversations
 * kept theirs, when each was sent through whichever profile was active) the one it belongs to: the
 * profile whose server last answered it (from the request log), if that profile still exists, else
 * the profile active now. Run at every start: it touches only conversations still without one.
 * Returns how many it gave a profile.
 */
export function assignConversationProfiles(
  db: DatabaseSync,
  profiles: readonly { readonly id: string }[],
  activeId: string | null,
): number {
  if (activeId === null) return 0;
  const { changes } = db
    .prepare(
      `UPDATE conversations SET settings = json_set(settings, '$.profileId', COALESCE(
         (SELECT r.profile_id FROM request_log r
           WHERE r.conversation_id = conversations.id AND r.kind IN ('chat', 'search')
             AND r.status BETWEEN 200 AND 299 AND r.profile_id IN (SELECT value FROM json_each(?1))
           ORDER BY r.started_at DESC, r.id DESC LIMIT 1),
         ?2))
       WHERE json_valid(settings) AND json_extract(settings, '$.profileId') IS NULL`,
    )
    .run(JSON.stringify(profiles.map(({ id }) => id)), activeId);
  return Number(changes);
}
