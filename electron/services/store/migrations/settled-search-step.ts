/** A message the search index leaves out: streaming, or settled and waiting to be indexed (`message_search_pending`). */
const LEFT_OUT = (row: string) =>
  `(${row}.status = 'streaming' OR EXISTS (SELECT 1 FROM message_search_pending WHERE rowid = ${row}.rowid))`;
/** A message of the backlog, which message-search-backfill.ts indexes. */
const IN_BACKLOG = (row: string) => `EXISTS (SELECT 1 FROM message_search_backlog WHERE ${row}.rowid < below)`;

/**
 * The search index holds settled messages only. A reply is indexed once it settles, not at each
 * flush of its text while it streams (each of which re-indexed its whole text): the text a crash
 * leaves is kept in `messages` and indexed when the next start marks it interrupted. Settling
 * notes the reply in `message_search_pending` in the same commit, and it is indexed after its
 * `done` has been sent (conversation-store.ts `indexSettled`), or at the next start after a crash;
 * a search reads pending messages from their text meanwhile. Streaming replies leave the index here.
 */
export const SETTLED_SEARCH_STEP = `
  CREATE TABLE message_search_pending (rowid INTEGER PRIMARY KEY);
  INSERT INTO message_search (message_search, rowid, content)
  SELECT 'delete', m.rowid, m.content FROM messages m
  WHERE m.status = 'streaming' AND NOT ${IN_BACKLOG("m")};
  DROP TRIGGER message_search_insert;
  DROP TRIGGER message_search_delete;
  DROP TRIGGER message_search_update;
  CREATE TRIGGER message_search_insert AFTER INSERT ON messages
  WHEN NOT ${LEFT_OUT("new")} AND NOT ${IN_BACKLOG("new")}
  BEGIN
    INSERT INTO message_search (rowid, content) VALUES (new.rowid, new.content);
  END;
  CREATE TRIGGER message_search_delete AFTER DELETE ON messages
  WHEN NOT ${IN_BACKLOG("old")}
  BEGIN
    INSERT INTO message_search (message_search, rowid, content)
    SELECT 'delete', old.rowid, old.content WHERE NOT ${LEFT_OUT("old")};
    DELETE FROM message_search_pending WHERE rowid = old.rowid;
  END;
  CREATE TRIGGER message_search_update AFTER UPDATE OF content, status ON messages
  WHEN (old.content IS NOT new.content OR (old.status = 'streaming') <> (new.status = 'streaming'))
    AND NOT ${IN_BACKLOG("old")}
  BEGIN
    INSERT INTO message_search (message_search, rowid, content)
    SELECT 'delete', old.rowid, old.content WHERE NOT ${LEFT_OUT("old")};
    INSERT INTO message_search (rowid, content) SELECT new.rowid, new.content WHERE NOT ${LEFT_OUT("new")};
  END;
`;
