/*
 * Reads of a long ledger (a year of heavy use holds a million rows) that walk an index a step per
 * profile or model, where a plain statement would visit every row.
 */

/**
 * A profile's models, in order: each the first after the one before in the index, so a few models
 * cost a few lookups however many rows the ledger holds (DISTINCT read every row's entry).
 */
export const MODELS_OF_PROFILE = `WITH RECURSIVE next(model) AS (
    SELECT (SELECT MIN(model) FROM request_log WHERE profile_id = ?1 AND model IS NOT NULL)
    UNION ALL
    SELECT (SELECT MIN(model) FROM request_log WHERE profile_id = ?1 AND model > next.model) FROM next
    WHERE next.model IS NOT NULL
  )
  SELECT model FROM next WHERE model IS NOT NULL`;

/**
 * Up to ?2 ids of rows matching `condition` (on ?1, a cutoff), found per profile through an index
 * the condition leads with (profile, then time or kind): a start, which prunes, reads what it
 * deletes rather than every row of a year's ledger.
 */
export const PRUNE_IDS = (condition: string) => `WITH RECURSIVE profiles(id) AS (
    SELECT (SELECT MIN(profile_id) FROM request_log)
    UNION ALL
    SELECT (SELECT MIN(profile_id) FROM request_log WHERE profile_id > profiles.id) FROM profiles WHERE profiles.id IS NOT NULL
  )
  SELECT id FROM request_log WHERE profile_id IN (SELECT id FROM profiles WHERE id IS NOT NULL) AND ${condition} LIMIT ?2`;
