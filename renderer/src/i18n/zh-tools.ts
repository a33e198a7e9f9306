import type { toolsEn } from "./en-tools.ts";

export const toolsZh: typeof toolsEn = {
  tools: {
    section: "工具",
    sectionHint: "模型可以调用此处勾选的服务器的工具；每次调用都由你允许或拒绝。",
    noServers: "没有启用的 MCP 服务器。请在“设置 → MCP 服务器”中添加一个，以提供它的工具。",
    useServer: "使用 {{name}} 的工具",
    costCap: "每轮费用上限",
    costCapHint: "大于 0，最多 1,000,000，以密钥的货币计。使用工具的一轮对话会在可能超出上限的那次调用之前停止。",
    save: "保存工具设置",
    saved: "工具设置已保存。",
    card: "工具调用：{{server}} · {{tool}}",
    arguments: "参数",
    result: "结果",
    allow: "允许",
    deny: "拒绝",
    alwaysAllow: "始终允许此工具",
    stopCall: "停止调用",
    ms: "{{ms}} 毫秒",
    rounds_one: "{{count}} 轮模型调用",
    rounds_other: "{{count}} 轮模型调用",
    state: {
      waiting: "等待你的决定",
      running: "运行中…",
      done: "完成",
      failed: "失败",
      denied: "已拒绝",
      stopped: "已停止",
    },
  },
};
