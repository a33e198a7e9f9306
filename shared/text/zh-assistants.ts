import { ASSISTANT_DOCUMENTS_MAX, ASSISTANTS_FILE_MAX_CHARS, ASSISTANT_DOCUMENT_CHARS_MAX } from "../ipc/assistants.ts";
import { ASSISTANTS_FILE_MAX_COUNT, type assistantTextsEn } from "./en-assistants.ts";

/** 助手相关问题的中文：表单与导入的，由共享结构与主进程按代码引用。 */
export const assistantTextsZh: Record<keyof typeof assistantTextsEn, string> = {
  AVATAR_INVALID: "头像必须是一个字母或一个表情符号",
  DOCUMENT_TOO_LONG: `一个文档最多 ${ASSISTANT_DOCUMENT_CHARS_MAX.toLocaleString("zh-CN")} 个字符`,
  DOCUMENTS_TOO_MANY: `每个助手最多 ${ASSISTANT_DOCUMENTS_MAX} 个文档`,
  ASSISTANT_NOT_FOUND: "此助手已不存在。",
  ASSISTANTS_FILE_TOO_LARGE: `助手文件最大 ${ASSISTANTS_FILE_MAX_CHARS / 1024 / 1024} MB。`,
  ASSISTANTS_FILE_NOT_JSON: "此文件不是 JSON，其中没有助手。",
  ASSISTANTS_FILE_UNRECOGNISED: "此文件中没有助手：它既不是 ModelDesk 助手文件，也不是单个助手或助手列表。",
  ASSISTANTS_FILE_VERSION: "此助手文件的版本为 {{version}}；本应用读取版本 1。",
  ASSISTANTS_FILE_TOO_MANY: `一个助手文件最多包含 ${ASSISTANTS_FILE_MAX_COUNT} 个助手。`,
  ASSISTANT_NOT_AN_OBJECT: "不是助手：助手是带有名称的对象",
  ASSISTANT_FIELD_INVALID: "{{field}}：{{cause}}",
};
