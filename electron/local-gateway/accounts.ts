import type { DatabaseSync } from "node:sqlite";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { GatewayConfig } from "./config.ts";
import { oneRow } from "../common/sql-rows.ts";

export interface ApiKeyRecord {
  readonly id: string;
  readonly key: string;
  readonly tenantId: string;
  readonly name: string;
  readonly dailyBudget: number | null;
  readonly monthlyBudget: number | null;
  readonly rpm: number;
  readonly tpm: number;
  /** Model codes this key may use; null allows all. */
  readonly models: readonly string[] | null;
}

interface ApiKeyRow {
  id: string;
  key: string;
  tenant_id: string;
  name: string;
  daily_budget: number | null;
  monthly_budget: number | null;
  rpm: number;
  tpm: number;
  models: string | null;
}

const ModelCodesSchema = z.array(z.string());

const DEMO_TENANT = { id: "demo", name: "Demo tenant", topupBalance: 100, giftBalance: 20 };

/**
 * Writes the config's tenants and keys into the database (the config is their source of truth,
 * while usage stays in the database). A config without keys gets a demo tenant and a demo key,
 * generated once per data directory so restarts keep it.
 */
export function seedAccounts(db: DatabaseSync, config: GatewayConfig): { demoKey: string | null } {
  let { tenants, keys } = config;
  let demoKey: string | null = null;
  if (keys.length === 0) {
    demoKey = demoKeyOf(db);
    tenants = [...tenants.filter((tenant) => tenant.id !== DEMO_TENANT.id), DEMO_TENANT];
    keys = [
      {
        key: demoKey,
        tenant: DEMO_TENANT.id,
        id: "key_demo",
        name: "Demo key",
        dailyBudget: 10,
        monthlyBudget: 200,
        rpm: 60,
        tpm: 100_000,
      },
    ];
  }
  const upsertTenant = db.prepare(
    `INSERT INTO tenants (id, name, topup_balance, gift_balance) VALUES (?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, topup_balance = excluded.topup_balance, gift_balance = excluded.gift_balance`,
  );
  const upsertKey = db.prepare(
    `INSERT INTO api_keys (id, key, tenant_id, name, daily_budget, monthly_budget, rpm, tpm, models)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET key = excluded.key, tenant_id = excluded.tenant_id, name = excluded.name,
       daily_budget = excluded.daily_budget, monthly_budget = excluded.monthly_budget,
       rpm = excluded.rpm, tpm = excluded.tpm, models = excluded.models`,
  );
  db.exec("BEGIN");
  try {
    for (const tenant of tenants) upsertTenant.run(tenant.id, tenant.name, tenant.topupBalance, tenant.giftBalance);
    db.prepare(`DELETE FROM api_keys WHERE id NOT IN (${keys.map(() => "?").join(",")})`).run(...keys.map((k) => k.id));
    for (const key of keys) {
      upsertKey.run(
        key.id,
        key.key,
        key.tenant,
        key.name,
        key.dailyBudget,
        key.monthlyBudget,
        key.rpm,
        key.tpm,
        key.models ? JSON.stringify(key.models) : null,
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return { demoKey };
}

function demoKeyOf(db: DatabaseSync): string {
  const row = oneRow<{ value: string }>(db.prepare("SELECT value FROM settings WHERE name = 'demo_key'"));
  if (row) return row.value;
  const key = `sk-local-${randomBytes(24).toString("hex")}`;
  db.prepare("INSERT INTO settings (name, value) VALUES ('demo_key', ?)").run(key);
  return key;
}

export class AccountDirectory {
  private readonly db: DatabaseSync;
  private readonly byKey;
  private readonly byId;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.byKey = db.prepare("SELECT * FROM api_keys WHERE key = ?");
    this.byId = db.prepare("SELECT * FROM api_keys WHERE id = ?");
  }

  findByKey(key: string): ApiKeyRecord | null {
    const row = oneRow<ApiKeyRow>(this.byKey, key);
    return row ? toRecord(row) : null;
  }

  findById(id: string): ApiKeyRecord | null {
    const row = oneRow<ApiKeyRow>(this.byId, id);
    return row ? toRecord(row) : null;
  }

  tenantFunds(tenantId: string): number {
    const row = oneRow<{ funds: number }>(
      this.db.prepare("SELECT topup_balance + gift_balance AS funds FROM tenants WHERE id = ?"),
      tenantId,
    );
    return row?.funds ?? 0;
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    key: row.key,
    tenantId: row.tenant_id,
    name: row.name,
    dailyBudget: row.daily_budget,
    monthlyBudget: row.monthly_budget,
    rpm: row.rpm,
    tpm: row.tpm,
    models: row.models ? ModelCodesSchema.parse(JSON.parse(row.models)) : null,
  };
}
