import { z } from "zod";

/** A variable or header as the settings file holds it: a secret only as ciphertext. */
const StoredRowSchema = z.looseObject({
  name: z.string(),
  secret: z.boolean(),
  value: z.string().optional(),
  encrypted: z.string().optional(),
});
export type StoredRow = z.infer<typeof StoredRowSchema>;

/**
 * An MCP server as the settings file holds it. `secretOrigin`: the origin the secret headers were
 * saved for; they go nowhere else. Fields this version does not know are kept.
 */
const StoredMcpServerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  transport: z.discriminatedUnion("kind", [
    z.looseObject({
      kind: z.literal("stdio"),
      command: z.string(),
      args: z.array(z.string()),
      env: z.array(StoredRowSchema),
    }),
    z.looseObject({
      kind: z.literal("http"),
      url: z.string(),
      headers: z.array(StoredRowSchema),
      secretOrigin: z.string().optional(),
    }),
  ]),
});
export type StoredMcpServer = z.infer<typeof StoredMcpServerSchema>;

export const StoredMcpServersSchema = z.array(StoredMcpServerSchema);

/** The settings key the servers are kept under. */
export const MCP_SERVERS_KEY = "mcpServers";
