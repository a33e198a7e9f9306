import { DatabaseSync, StatementSync } from "node:sqlite";

/** Time spent in one database's statements, and how many write transactions they committed. */
export interface StoreTime {
  readonly ms: number;
  readonly commits: number;
}

export interface StoreTiming {
  /** What was spent since the last call (or since the timing began), and starts counting anew. */
  take(): StoreTime;
  /** Puts SQLite's own methods back. */
  restore(): void;
}

type Method = "run" | "get" | "all";
const WRITES = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

/**
 * Times every statement of the databases whose file lies under `folder` (the app's, not the
 * gateway's running in the same process): SQLite's methods are wrapped, from before the app
 * opens its file until `restore`. A write run outside a transaction commits by itself, and counts
 * as a commit like a `COMMIT`.
 */
export function timeStatementsUnder(folder: string): StoreTiming {
  const owners = new WeakMap<StatementSync, DatabaseSync>();
  const ours = (db: DatabaseSync) => db.location()?.startsWith(folder) ?? false;
  let ms = 0;
  let commits = 0;
  const timed = <T>(work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      ms += performance.now() - started;
    }
  };
  const prepare = DatabaseSync.prototype.prepare;
  const exec = DatabaseSync.prototype.exec;
  const methods = {
    run: StatementSync.prototype.run,
    get: StatementSync.prototype.get,
    all: StatementSync.prototype.all,
  };
  DatabaseSync.prototype.prepare = function (this: DatabaseSync, ...args: Parameters<typeof prepare>) {
    const statement = prepare.apply(this, args);
    if (ours(this)) owners.set(statement, this);
    return statement;
  };
  DatabaseSync.prototype.exec = function (this: DatabaseSync, sql: string) {
    if (!ours(this)) return exec.call(this, sql);
    if (/^\s*COMMIT\b/i.test(sql)) commits++;
    return timed(() => exec.call(this, sql));
  };
  for (const name of Object.keys(methods) as Method[]) {
    const original: (...args: never[]) => unknown = methods[name];
    Object.defineProperty(StatementSync.prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: StatementSync, ...args: never[]) {
        const db = owners.get(this);
        if (!db) return original.apply(this, args);
        if (!db.isTransaction && WRITES.test(this.sourceSQL)) commits++;
        return timed(() => original.apply(this, args));
      },
    });
  }
  return {
    take() {
      const taken = { ms, commits };
      ms = 0;
      commits = 0;
      return taken;
    },
    restore() {
      DatabaseSync.prototype.prepare = prepare;
      DatabaseSync.prototype.exec = exec;
      for (const name of Object.keys(methods) as Method[]) {
        Object.defineProperty(StatementSync.prototype, name, {
          configurable: true,
          writable: true,
          value: methods[name],
        });
      }
    },
  };
}
