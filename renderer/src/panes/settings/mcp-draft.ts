import type { McpRowView, McpServerView } from "../../../../shared/ipc/mcp.ts";

/** A variable or header as the form edits it; `saved`: a secret is stored for it, kept while the value is empty. */
export interface RowDraft {
  readonly key: number;
  readonly name: string;
  readonly value: string;
  readonly secret: boolean;
  readonly saved: boolean;
}

/** The MCP server form's fields: both transports' are kept, so switching back loses nothing. */
export interface McpDraft {
  readonly name: string;
  readonly enabled: boolean;
  readonly kind: "stdio" | "http";
  readonly command: string;
  /** One argument per line. */
  readonly args: string;
  readonly env: readonly RowDraft[];
  readonly url: string;
  readonly headers: readonly RowDraft[];
}

let nextKey = 0;
export const newRow = (): RowDraft => ({ key: nextKey++, name: "", value: "", secret: false, saved: false });

const rowDraftOf = (row: McpRowView): RowDraft =>
  row.secret
    ? { key: nextKey++, name: row.name, value: "", secret: true, saved: row.saved }
    : { key: nextKey++, name: row.name, value: row.value, secret: false, saved: false };

export function draftOf(server: McpServerView | null): McpDraft {
  const transport = server?.transport;
  return {
    name: server?.name ?? "",
    enabled: server?.enabled ?? true,
    kind: transport?.kind ?? "stdio",
    command: transport?.kind === "stdio" ? transport.command : "",
    args: transport?.kind === "stdio" ? transport.args.join("\n") : "",
    env: transport?.kind === "stdio" ? transport.env.map(rowDraftOf) : [],
    url: transport?.kind === "http" ? transport.url : "",
    headers: transport?.kind === "http" ? transport.headers.map(rowDraftOf) : [],
  };
}

/** A row to save: a secret left empty is sent without a value, which keeps the one stored. */
const rowInputOf = ({ name, value, secret }: RowDraft) =>
  secret && value === "" ? { name: name.trim(), secret } : { name: name.trim(), value, secret };

/** What the form saves, before the schema checks it (row by row, so a problem's path names the row shown). */
export function inputOf(draft: McpDraft, id: string | undefined): unknown {
  const rows = (list: readonly RowDraft[]) => list.map(rowInputOf);
  const transport =
    draft.kind === "stdio"
      ? {
          kind: "stdio",
          command: draft.command,
          args: draft.args.split("\n").filter((line) => line.trim()),
          env: rows(draft.env),
        }
      : { kind: "http", url: draft.url, headers: rows(draft.headers) };
  return { ...(id ? { id } : {}), name: draft.name, enabled: draft.enabled, transport };
}

/** A saved server as it is saved again unchanged but for `enabled`: its secrets kept. */
export const withEnabled = (server: McpServerView, enabled: boolean): unknown =>
  inputOf({ ...draftOf(server), enabled }, server.id);
