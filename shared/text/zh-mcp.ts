import { MCP_LIMITS } from "../ipc/mcp.ts";
import type { mcpTextsEn } from "./en-mcp.ts";

/** MCP 服务器相关语句的中文：表单问题，以及服务器出错时主进程的说明。 */
export const mcpTextsZh: Record<keyof typeof mcpTextsEn, string> = {
  MCP_VALUE_TOO_LONG: "此值过长",
  MCP_VALUE_CHARACTERS: "值中不能有换行",
  MCP_ROW_NAME_INVALID: "名称无效：变量名只能用字母、数字和 _；请求头须是合法的请求头名称",
  MCP_HEADER_RESERVED: "此请求头由应用自行设置",
  MCP_ROW_REPEATED: "此名称在上面已经用过",
  MCP_COMMAND_REQUIRED: "请填写命令",
  MCP_TOO_MANY_ROWS: `最多 ${MCP_LIMITS.rows} 行`,
  MCP_URL_INVALID: "URL 必须以 http:// 或 https:// 开头，且不能包含用户名或密码",
  MCP_SECRET_OVER_HTTP: "机密请求头只通过 https 发送，或通过 http 发送到本机",
  MCP_SECRET_REQUIRED: "请为新的机密项 {{name}} 输入值",
  MCP_SECRET_AGAIN: "URL 现在指向另一个源：请重新输入机密项 {{name}}",

  MCP_SERVER_NOT_FOUND: "此 MCP 服务器已不存在。",
  MCP_SETTINGS_INVALID: "设置文件中的 MCP 服务器已不是应用写入时的结构；它们保持原样。请重启应用，恢复设置或重新开始。",
  MCP_TOO_MANY_SERVERS: `最多 ${MCP_LIMITS.servers} 个 MCP 服务器。`,
  MCP_NAME_TAKEN: "已有另一个 MCP 服务器名为“{{name}}”。",
  MCP_SERVER_DISABLED: "MCP 服务器“{{server}}”已在设置中关闭。",
  MCP_SECRET_UNREADABLE: "MCP 服务器“{{server}}”的某个机密项在这台电脑上无法解密，请重新输入。",
  MCP_START_FAILED: "无法启动 MCP 服务器“{{server}}”：{{cause}}",
  MCP_SERVER_EXITED: "MCP 服务器“{{server}}”已停止。下次使用时会重新启动。",
  MCP_START_TIMEOUT: "MCP 服务器“{{server}}”在 {{seconds}} 秒内未就绪，已将其停止。",
  MCP_CALL_TIMEOUT: "MCP 服务器“{{server}}”的工具 {{tool}} 在 {{seconds}} 秒内没有应答。",
  MCP_CALL_CANCELLED: "调用已停止。",
  MCP_STOPPED: "MCP 服务器已停止：应用正在关闭。",
  MCP_ANSWER_TOO_LARGE: "MCP 服务器“{{server}}”发来的应答超出应用读取的上限，已将其停止。",
  MCP_HTTP_STATUS: "MCP 服务器“{{server}}”返回了 HTTP {{status}}。",
  MCP_REDIRECT_REFUSED: "MCP 服务器“{{server}}”重定向到了另一个地址；其请求头只发送到保存时的 URL。",
  MCP_UNREACHABLE: "无法连接 MCP 服务器“{{server}}”：{{cause}}",
  MCP_SERVER_ERROR: "MCP 服务器“{{server}}”拒绝了请求：{{cause}}",
};
