import type { McpRowInput, McpRowView } from "../../../shared/ipc/mcp.ts";
import { appError } from "../app-error.ts";
import type { SecretCipher } from "../vault/secret-cipher.ts";
import type { StoredRow } from "./stored-mcp-server.ts";

/**
 * The rows to store: plain values as they are, new secret values encrypted, and a secret left
 * empty keeps the one stored under its name, unless `keepSecrets` is false (an HTTP server's
 * origin changed, and a secret goes only where it was saved for).
 */
export function rowsToStore(
  input: readonly McpRowInput[],
  stored: readonly StoredRow[],
  cipher: SecretCipher,
  keepSecrets: boolean,
): StoredRow[] {
  return input.map(({ name, value, secret }) => {
    if (!secret) return { name, secret, value: value ?? "" };
    if (value) return { name, secret, encrypted: cipher.encrypt(value) };
    const kept = stored.find((row) => row.secret && row.name === name && row.encrypted)?.encrypted;
    if (kept === undefined) throw appError("MCP_SECRET_REQUIRED", { name });
    if (!keepSecrets) throw appError("MCP_SECRET_AGAIN", { name });
    return { name, secret, encrypted: kept };
  });
}

/** A row as the window sees it: a secret only as whether one is saved. */
export const rowView = (row: StoredRow): McpRowView =>
  row.secret
    ? { name: row.name, secret: true, saved: row.encrypted !== undefined }
    : { name: row.name, secret: false, value: row.value ?? "" };

/** The rows by name with their secrets decrypted: for launching the server, in main only. */
export function plainRows(rows: readonly StoredRow[], cipher: SecretCipher, server: string): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const row of rows) {
    try {
      plain[row.name] = row.secret ? cipher.decrypt(row.encrypted ?? "") : (row.value ?? "");
    } catch {
      throw appError("MCP_SECRET_UNREADABLE", { server });
    }
  }
  return plain;
}
