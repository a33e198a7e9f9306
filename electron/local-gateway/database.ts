import type { DatabaseSync } from "node:sqlite";
import { StatementCachingDatabase } from "../common/statement-cache.ts";
import { migrate } from "../common/sqlite-migrations.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/** Schema changes in order; each runs once, tracked by `PRAGMA user_version`. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE tenants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    topup_balance REAL NOT NULL,
    gift_balance REAL NOT NULL
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL REFERENCES tenants(id),
    name TEXT NOT NULL,
    daily_budget REAL,
    monthly_budget REAL,
    rpm INTEGER NOT NULL,
    tpm INTEGER NOT NULL,
    models TEXT
  );
  CREATE TABLE charges (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key_id TEXT NOT NULL,
    tenant_id TEXT NOT NULL,
    amount REAL NOT NULL,
    model TEXT NOT NULL,
    request_id TEXT NOT NULL,
    task_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX charges_by_key_time ON charges(key_id, created_at);
  CREATE INDEX charges_by_tenant ON charges(tenant_id);
  CREATE TABLE tasks (
    id TEXT PRIMARY KEY,
    key_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    model TEXT NOT NULL,
    params TEXT NOT NULL,
    status TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    fault TEXT,
    request_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    start_at INTEGER NOT NULL,
    finish_at INTEGER NOT NULL,
    completed_at INTEGER,
    failed_at INTEGER,
    cancelled_at INTEGER,
    expired_at INTEGER,
    error_code TEXT,
    error_message TEXT,
    result TEXT
  );
  CREATE INDEX tasks_by_status ON tasks(status);
  CREATE INDEX tasks_by_key_kind ON tasks(key_id, kind, created_at);
  CREATE TABLE media (
    id TEXT PRIMARY KEY,
    file_name TEXT NOT NULL,
    task_id TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX media_by_expiry ON media(expires_at);
  CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
];

export function openGatewayDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new StatementCachingDatabase(join(dataDir, "gateway.sqlite"));
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  migrate(db, MIGRATIONS);
  return db;
}
