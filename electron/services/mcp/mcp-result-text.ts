import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_TOOL_LIMITS } from "../../../shared/ipc/mcp.ts";

type Content = CallToolResult["content"][number];

/** One piece of a tool's answer as text: images, audio and resources are named, never loaded. */
function textOf(item: Content): string {
  switch (item.type) {
    case "text":
      return item.text;
    case "image":
    case "audio":
      return `[${item.type}: ${item.mimeType}, ${Math.floor((item.data.length * 3) / 4)} bytes, not shown]`;
    case "resource_link":
      return `[resource: ${item.name} ${item.uri}]`;
    case "resource":
      return `[resource: ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ""}, not shown]`;
    default:
      return "[content of an unknown type, not shown]";
  }
}

/** The first `max` characters, with a note saying how much there was when it was cut. */
export function cutWithNote(text: string, max: number): string {
  if (text.length <= max) return text;
  const total = text.length.toLocaleString("en-US");
  return `${text.slice(0, max)}\n\n[cut: the tool returned ${total} characters; the first ${max.toLocaleString("en-US")} are shown]`;
}

/**
 * A tool's answer as bounded text: its text content joined, other content named, and its
 * structured content as JSON when it came without text (a server should send both).
 */
export function resultText(result: CallToolResult, max = MCP_TOOL_LIMITS.resultChars): string {
  const content = result.content ?? [];
  const parts = content.map(textOf);
  if (result.structuredContent !== undefined && !content.some((item) => item.type === "text"))
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  return cutWithNote(parts.join("\n\n"), max);
}
