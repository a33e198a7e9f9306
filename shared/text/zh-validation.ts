import { toolTextsZh } from "./zh-tools.ts";
import { ALERT_PERCENT_MAX_COUNT, BALANCE_ALERT_MAX } from "../ipc/budget-alerts.ts";
import { MAX_TOKENS_LIMIT, MESSAGE_MAX_LENGTH, STOP_SEQUENCES_MAX, SYSTEM_PROMPT_MAX, TITLE_MAX } from "../ipc/chat.ts";
import { LEDGER_RETENTION_MAX_DAYS } from "../ipc/ledger.ts";
import {
  MAX_WAIT_MINUTES_RANGE,
  PROFILE_NAME_MAX,
  RESULT_ORIGINS_MAX,
  RPM_RANGE,
  VIDEO_LIMITS_MAX,
} from "../ipc/profiles.ts";
import { IMAGE_COUNT_MAX, PROMPT_MAX_LENGTH } from "../gateway-api/images.ts";
import { IMAGE_SEED_MAX, REFERENCE_IMAGE_MAX_BYTES } from "../ipc/tasks.ts";
import { THUMBNAIL_MAX_BYTES } from "../ipc/gallery-thumbnails.ts";
import type { ValidationCode } from "./validation-code.ts";
import { attachmentTextsZh } from "./zh-attachments.ts";
import { assistantTextsZh } from "./zh-assistants.ts";
import { mcpTextsZh } from "./zh-mcp.ts";

const amount = (value: number) => value.toLocaleString("zh-CN");

export const validationZh: Record<ValidationCode, string> = {
  MODEL_REQUIRED: "请填写模型",
  COMPARE_MODEL_COUNT: "请选择 2 到 4 个模型进行比较",
  SYSTEM_PROMPT_TOO_LONG: `系统提示词最多 ${SYSTEM_PROMPT_MAX} 个字符`,
  TEMPERATURE_INVALID: "温度必须是不小于 0 的数字",
  TEMPERATURE_RANGE: "{{format}} 的温度必须在 0 到 {{max}} 之间",
  TOP_P_INVALID: "top_p 必须是 0 到 1 之间的数字",
  MAX_TOKENS_INVALID: `最大 token 数必须是 1 到 ${MAX_TOKENS_LIMIT} 之间的整数`,
  STOP_SEQUENCE_EMPTY: "停止序列不能为空",
  TOO_MANY_STOP_SEQUENCES: `最多 ${STOP_SEQUENCES_MAX} 个停止序列`,
  MESSAGE_EMPTY: "请先输入消息",
  MESSAGE_TOO_LONG: `一条消息最多 ${MESSAGE_MAX_LENGTH} 个字符`,
  TITLE_REQUIRED: "请填写标题",
  TITLE_TOO_LONG: `标题最多 ${TITLE_MAX} 个字符`,

  ALERT_PERCENT_INVALID: "阈值必须是 1 到 100 之间的整数 %",
  TOO_MANY_ALERT_PERCENTS: `最多 ${ALERT_PERCENT_MAX_COUNT} 个阈值`,
  BALANCE_THRESHOLD_INVALID: `余额阈值必须是 0 到 ${amount(BALANCE_ALERT_MAX)} 之间的数字`,
  RETENTION_DAYS_INVALID: `保留天数必须是 1 到 ${LEDGER_RETENTION_MAX_DAYS} 之间的整数`,
  SHORTCUT_INVALID:
    "请使用 Control、Command 或 Super，加上 Shift 或 Alt 和一个按键，例如 CommandOrControl+Shift+Space（功能键只需一个修饰键）：Shift+A、Control+C 这类组合，以及 A、C、V、X、Y、Z、方向键或 Delete 上的任何组合，都属于各应用中的输入和编辑。",

  NAME_REQUIRED: "请填写名称",
  NAME_TOO_LONG: `名称最多 ${PROFILE_NAME_MAX} 个字符`,
  BASE_URL_INVALID: "Base URL 必须是网址，例如 https://gateway.example.com",
  BASE_URL_SCHEME: "Base URL 必须以 http:// 或 https:// 开头",
  INSECURE_HTTP: "此地址使用明文 http：密钥将以未加密的方式传输。请使用 https，或在下方确认。",
  RPM_INVALID: `RPM 必须是 ${RPM_RANGE.min} 到 ${RPM_RANGE.max} 之间的整数`,
  VIDEOS_AT_ONCE_INVALID: `同时生成的视频数必须是 1 到 ${VIDEO_LIMITS_MAX.concurrent} 之间的整数`,
  VIDEOS_PER_MINUTE_INVALID: `每分钟视频数必须是 1 到 ${VIDEO_LIMITS_MAX.perMinute} 之间的整数`,
  VIDEOS_PER_DAY_INVALID: `每天视频数必须是 1 到 ${VIDEO_LIMITS_MAX.perDay} 之间的整数`,
  MAX_WAIT_INVALID: `最长等待时间必须是 1 到 ${MAX_WAIT_MINUTES_RANGE.max} 之间的整数分钟`,
  RESULT_ORIGIN_INVALID:
    "每行一个结果来源：以 http:// 或 https:// 开头，加主机名和可选端口，后面不能有其他内容（例如 http://192.168.1.20:9000）",
  TOO_MANY_RESULT_ORIGINS: `结果来源最多 ${RESULT_ORIGINS_MAX} 个`,
  KEY_TOO_SHORT: "API 密钥太短",
  KEY_TOO_LONG: "API 密钥太长",
  KEY_CHARACTERS: "API 密钥只能包含可见的 ASCII 字符，不能有空格",

  PROMPT_REQUIRED: "请填写提示词：说明要生成什么",
  PROMPT_TOO_LONG: `提示词最多 ${PROMPT_MAX_LENGTH} 个字符`,
  IMAGE_COUNT_INVALID: `图片数量：1 到 ${IMAGE_COUNT_MAX} 张`,
  SEED_INVALID: `种子必须是 0 到 ${IMAGE_SEED_MAX} 之间的整数`,
  REFERENCE_URL_INVALID: "参考图片必须是网址",
  REFERENCE_URL_SCHEME: "参考图片地址必须是 http(s)",
  REFERENCE_IMAGE_TYPE: "参考图片必须是 PNG 或 JPEG",
  REFERENCE_IMAGE_TOO_LARGE: `参考图片最大 ${REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  THUMBNAIL_TYPE: "卡片预览图必须是 WebP 或 PNG 图片",
  THUMBNAIL_TOO_LARGE: `卡片预览图最大 ${THUMBNAIL_MAX_BYTES / 1024} KB`,

  ISSUE_REQUIRED: "必填",
  ISSUE_TOO_SHORT: "至少 {{minimum}} 个字符",
  ISSUE_TOO_LONG: "最多 {{maximum}} 个字符",
  ISSUE_TOO_SMALL: "不能小于 {{minimum}}",
  ISSUE_TOO_BIG: "不能大于 {{maximum}}",
  ISSUE_INVALID: "值无效",
  ...attachmentTextsZh,
  ...toolTextsZh,
  ...assistantTextsZh,
  ...mcpTextsZh,
};
