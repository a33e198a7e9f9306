import { z } from "zod";
import { invalid } from "../text/validation-code.ts";
import { CodedTextSchema } from "./coded-text.ts";
import { isInsecureRemoteUrl, PROFILE_NAME_MAX } from "./profiles.ts";

/** What one MCP server's settings may hold at most. */
export const MCP_LIMITS = {
  servers: 32,
  name: PROFILE_NAME_MAX,
  command: 1024,
  args: 64,
  arg: 4096,
  rows: 64,
  rowName: 256,
  rowValue: 8192,
  url: 2048,
} as const;

/** What a tool list and a tool answer may hold at most, as the window and the chat get them. */
export const MCP_TOOL_LIMITS = {
  tools: 128,
  name: 128,
  description: 2000,
  schemaChars: 32_000,
  resultChars: 100_000,
} as const;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An HTTP header name: RFC 9110's token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the transport writes itself: one set by hand would break the session or its framing. */
export const MCP_RESERVED_HEADERS = [
  "accept",
  "content-type",
  "content-length",
  "host",
  "connection",
  "transfer-encoding",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
];

const rowValue = z
  .string()
  .max(MCP_LIMITS.rowValue, invalid("MCP_VALUE_TOO_LONG"))
  .refine((value) => !/[\r\n\0]/.test(value), invalid("MCP_VALUE_CHARACTERS"));

/** A variable or header to save: a secret's value left out keeps the one stored. */
const rowInput = (name: z.ZodType<string>) => z.object({ name, value: rowValue.optional(), secret: z.boolean() });

const EnvRowInput = rowInput(
  z
    .string()
    .trim()
    .max(MCP_LIMITS.rowName, invalid("MCP_ROW_NAME_INVALID"))
    .regex(ENV_NAME, invalid("MCP_ROW_NAME_INVALID")),
);
const HeaderRowInput = rowInput(
  z
    .string()
    .trim()
    .max(MCP_LIMITS.rowName, invalid("MCP_ROW_NAME_INVALID"))
    .regex(HEADER_NAME, invalid("MCP_ROW_NAME_INVALID"))
    .refine((name) => !MCP_RESERVED_HEADERS.includes(name.toLowerCase()), invalid("MCP_HEADER_RESERVED")),
);
export type McpRowInput = z.infer<typeof EnvRowInput>;

/** Rows whose names repeat (headers regardless of case) are refused at the second one. */
function uniqueNames(caseless: boolean) {
  return (rows: readonly { name: string }[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = caseless ? row.name.toLowerCase() : row.name;
      if (seen.has(key))
        context.addIssue({ code: "custom", path: [index, "name"], message: invalid("MCP_ROW_REPEATED") });
      seen.add(key);
    });
  };
}

const isHttpUrl = (text: string) => {
  const url = URL.parse(text);
  return (
    url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.username === "" &&
    url.password === ""
  );
};

export const McpStdioInputSchema = z.object({
  kind: z.literal("stdio"),
  command: z
    .string()
    .trim()
    .min(1, invalid("MCP_COMMAND_REQUIRED"))
    .max(MCP_LIMITS.command, invalid("MCP_VALUE_TOO_LONG")),
  args: z
    .array(z.string().max(MCP_LIMITS.arg, invalid("MCP_VALUE_TOO_LONG")))
    .max(MCP_LIMITS.args, invalid("MCP_TOO_MANY_ROWS")),
  env: z.array(EnvRowInput).max(MCP_LIMITS.rows, invalid("MCP_TOO_MANY_ROWS")).superRefine(uniqueNames(false)),
});

export const McpHttpInputSchema = z
  .object({
    kind: z.literal("http"),
    url: z
      .string()
      .trim()
      .max(MCP_LIMITS.url, invalid("MCP_URL_INVALID"))
      .refine(isHttpUrl, invalid("MCP_URL_INVALID")),
    headers: z.array(HeaderRowInput).max(MCP_LIMITS.rows, invalid("MCP_TOO_MANY_ROWS")).superRefine(uniqueNames(true)),
  })
  .superRefine((input, context) => {
    // A secret header in clear text to another machine would be readable on the way.
    if (input.headers.some((row) => row.secret) && isInsecureRemoteUrl(input.url))
      context.addIssue({ code: "custom", path: ["url"], message: invalid("MCP_SECRET_OVER_HTTP") });
  });

/** A server to save: without an id it is new. */
export const McpServerInputSchema = z.object({
  id: z.string().min(1).max(100).optional(),
  name: z.string().trim().min(1, invalid("NAME_REQUIRED")).max(MCP_LIMITS.name, invalid("NAME_TOO_LONG")),
  enabled: z.boolean(),
  transport: z.discriminatedUnion("kind", [McpStdioInputSchema, McpHttpInputSchema]),
});
export type McpServerInput = z.infer<typeof McpServerInputSchema>;
export type McpTransportInput = McpServerInput["transport"];

/** A variable or header as the window sees it: a secret's value never, only whether one is saved. */
const RowViewSchema = z.discriminatedUnion("secret", [
  z.object({ name: z.string(), secret: z.literal(false), value: z.string() }),
  z.object({ name: z.string(), secret: z.literal(true), saved: z.boolean() }),
]);
export type McpRowView = z.infer<typeof RowViewSchema>;

export const McpServerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  transport: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("stdio"), command: z.string(), args: z.array(z.string()), env: z.array(RowViewSchema) }),
    z.object({ kind: z.literal("http"), url: z.string(), headers: z.array(RowViewSchema) }),
  ]),
});
export type McpServerView = z.infer<typeof McpServerViewSchema>;

export const McpServerIdSchema = z.object({ serverId: z.string().min(1).max(100) });

export const McpToolSchema = z.object({
  name: z.string().max(MCP_TOOL_LIMITS.name),
  description: z.string().max(MCP_TOOL_LIMITS.description),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type McpTool = z.infer<typeof McpToolSchema>;

/** What Test server found: the tools, how long starting and listing took, and how many were left out. */
export const McpTestSchema = z.object({
  tools: z.array(McpToolSchema),
  leftOut: z.number().int().min(0),
  ms: z.number().min(0),
});
export type McpTest = z.infer<typeof McpTestSchema>;

/** An enabled server's tools, or why they could not be listed (with the server's last stderr). */
export const McpServerToolsSchema = z.object({
  serverId: z.string(),
  name: z.string(),
  tools: z.array(McpToolSchema),
  error: CodedTextSchema.nullable(),
});
export type McpServerTools = z.infer<typeof McpServerToolsSchema>;
