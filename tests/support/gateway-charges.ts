import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import type { TestGateway } from "./local-gateway.ts";

/** What the gateway charged for one request, from its own database: the truth of what was billed. */
export function chargedFor(gateway: TestGateway, requestId: string): { model: string; amount: number }[] {
  const db = new DatabaseSync(join(gateway.dataDir, "gateway.sqlite"), { readOnly: true });
  try {
    return db
      .prepare("SELECT model, amount FROM charges WHERE request_id = ? ORDER BY id")
      .all(requestId)
      .map((row) => ({ model: String(row.model), amount: Number(row.amount) }));
  } finally {
    db.close();
  }
}
