import { TOOL_SERVERS_MAX, TURN_COST_CAP_MAX } from "../ipc/conversation-tools.ts";
import type { toolTextsEn } from "./en-tools.ts";

export const toolTextsZh: Record<keyof typeof toolTextsEn, string> = {
  TOOL_SERVERS_TOO_MANY: `一个会话最多提供 ${TOOL_SERVERS_MAX} 个服务器的工具`,
  TURN_COST_CAP_INVALID: `每轮费用上限必须大于 0，且不超过 ${TURN_COST_CAP_MAX.toLocaleString("zh-CN")}`,
  TOOL_CAP_REACHED:
    "已在第 {{round}} 轮之前停止：这一轮最多可能花费 {{estimate}}，会使本轮对话超出费用上限 {{cap}}。可在“会话设置”中提高上限后继续。",
  TOOL_ROUNDS_LIMIT: "已在 {{rounds}} 轮后停止：一次对话使用工具最多 {{rounds}} 轮模型调用。",
  TOOLS_NOT_TAKEN:
    "此服务器或模型不支持工具（{{model}}）；问题已在不带工具的情况下发送。要使用工具，请选择支持工具的模型。",
  TOOL_CALL_NOT_WAITING: "此工具调用已不再等待答复。",
  TOOL_CALL_NOT_RUNNING: "此工具调用已不在运行。",
  TOOLS_SERVER_LEFT_OUT:
    "无法列出 {{server}} 的工具，本轮对话未使用它们：{{reason}} 可在“设置 → MCP 服务器”中用“测试服务器”查看详情。",
};
