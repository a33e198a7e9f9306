import { DatabaseSync, type PrepareOptions, type StatementSync } from "node:sqlite";

/** Statements kept prepared; past this, the least recently used is let go. */
const MAX_STATEMENTS = 256;

/**
 * A connection that prepares each statement once. The app runs the same few hundred statements
 * again and again (a transcript's rows, each gateway call's ledger row), and preparing one costs
 * several times more than running it. The cap keeps statements built from variable parts (a list
 * of `?` as long as a filter) from growing the cache without bound. Statements here are only run
 * to the end (`all`, `get`, `run`), never left half iterated, so sharing one is safe.
 */
export class StatementCachingDatabase extends DatabaseSync {
  private readonly statements = new Map<string, StatementSync>();

  override prepare(sql: string, options?: PrepareOptions): StatementSync {
    // Options change how a statement reads: such a statement is its caller's alone.
    if (options !== undefined) return super.prepare(sql, options);
    const cached = this.statements.get(sql);
    if (cached) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = super.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > MAX_STATEMENTS) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }
}
