import { describe, expect, it } from "vitest";
import { csvField, LEDGER_CSV_COLUMNS, ledgerCsv } from "../../../electron/services/ledger/csv-export.ts";
import type { LedgerEntry } from "../../../shared/ipc/ledger.ts";

const entry: LedgerEntry = {
  id: 1,
  profileId: "local",
  at: "2026-11-23T09:00:00.000Z",
  kind: "chat",
  method: "POST",
  endpoint: "/v1/chat/completions",
  model: "chat-fast",
  status: 200,
  errorCode: null,
  requestId: "req_1",
  inputTokens: 12,
  outputTokens: 40,
  latencyMs: 321,
  firstTokenMs: 280,
  totalMs: 2140,
  cost: 0.0003,
  costLow: 0.0003,
  costHigh: 0.0003,
  costKind: "measured",
  refund: null,
  conversationId: "c1",
  taskId: null,
  unpriced: false,
  outside: false,
  title: "Trip plans",
};

describe("the ledger as CSV", () => {
  it("quotes fields holding commas, quotes or line breaks as RFC 4180 says", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(0.25)).toBe("0.25");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const attack of [
      '=HYPERLINK("http://x")',
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      "\tx",
      "\rx",
      "＝1+1",
      "＋1",
      "－1",
      "＠A1",
    ]) {
      expect(csvField(attack).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvField('=1,"2"')).toBe(`"'=1,""2"""`);
    // Numbers the app computed stay numbers, negative ones included.
    expect(csvField(-2.5)).toBe("-2.5");
  });

  it("writes a header and one CRLF-terminated line per call, columns in the documented order", () => {
    const csv = ledgerCsv([entry, { ...entry, id: 2, model: "=cmd|' /C calc'!A0", errorCode: "RATE,LIMITED" }]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(LEDGER_CSV_COLUMNS.join(","));
    expect(lines[1]).toBe(
      "2026-11-23T09:00:00.000Z,local,chat,POST,/v1/chat/completions,chat-fast,200,,req_1,12,40,321,0.0003,0.0003,0.0003,measured,,c1,,Trip plans",
    );
    expect(lines[2]).toContain(`,'=cmd|' /C calc'!A0,200,"RATE,LIMITED",`);
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("writes money to six decimals, without float noise, and names other spend on the key", () => {
    const noisy = { ...entry, cost: 0.008399999999999963, costLow: null, costHigh: null, refund: 0.1 + 0.2 };
    const other = { ...entry, kind: "other" as const, method: "", endpoint: "", outside: true, title: null, cost: 0.1 };
    const [, first, second] = ledgerCsv([noisy, other]).split("\r\n");
    expect(first).toContain(",0.0084,,,measured,0.3,");
    expect(second).toMatch(
      /,other,,,.*,0\.1,0\.0003,0\.0003,measured,.*Other spend on this key, made outside this app"$/,
    );
  });

  it("writes an estimate's range and kind beside its figure", () => {
    const estimate = { ...entry, cost: 0.0085, costLow: 0.0085, costHigh: 0.1246, costKind: "estimated" as const };
    expect(ledgerCsv([estimate]).split("\r\n")[1]).toContain(",0.0085,0.0085,0.1246,estimated,");
  });
});
