import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { McpServerInput } from "../../../../shared/ipc/mcp.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";

const MCP_SERVERS_KEY = ["mcp-servers"] as const;

/** The MCP servers of Settings, as main shows them: secrets only as whether they are saved. */
export const useMcpServers = () => useQuery({ queryKey: MCP_SERVERS_KEY, queryFn: () => unwrap(api.mcp.list()) });

function useRefreshMcpServers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MCP_SERVERS_KEY });
}

export function useSaveMcpServer() {
  const onSuccess = useRefreshMcpServers();
  return useMutation({ mutationFn: (input: McpServerInput) => unwrap(api.mcp.save(input)), onSuccess });
}

export function useRemoveMcpServer() {
  const onSuccess = useRefreshMcpServers();
  return useMutation({ mutationFn: (serverId: string) => unwrap(api.mcp.remove({ serverId })), onSuccess });
}

/** Test server: starts it if needed and lists its tools. */
export const useTestMcpServer = (serverId: string) =>
  useMutation({ mutationFn: () => unwrap(api.mcp.test({ serverId })) });
