import { toolTextsEn } from "./en-tools.ts";
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
import { attachmentTextsEn } from "./en-attachments.ts";
import { assistantTextsEn } from "./en-assistants.ts";
import { mcpTextsEn } from "./en-mcp.ts";

const amount = (value: number) => value.toLocaleString("en-US");

/**
 * Why a form's value is refused, in English: the schemas in shared/ipc name these codes as their
 * messages. `ISSUE_*` word the problems of schemas that carry English of their own (the gateway's
 * wire format) in the other languages.
 */
export const validationEn = {
  MODEL_REQUIRED: "Model is required",
  COMPARE_MODEL_COUNT: "Pick 2 to 4 models to compare",
  SYSTEM_PROMPT_TOO_LONG: `The system prompt must be at most ${SYSTEM_PROMPT_MAX} characters`,
  TEMPERATURE_INVALID: "Temperature must be a number of at least 0",
  TEMPERATURE_RANGE: "Temperature must be between 0 and {{max}} for {{format}}",
  TOP_P_INVALID: "top_p must be a number between 0 and 1",
  MAX_TOKENS_INVALID: `Max tokens must be a whole number between 1 and ${MAX_TOKENS_LIMIT}`,
  STOP_SEQUENCE_EMPTY: "Stop sequences must not be empty",
  TOO_MANY_STOP_SEQUENCES: `At most ${STOP_SEQUENCES_MAX} stop sequences`,
  MESSAGE_EMPTY: "Type a message first",
  MESSAGE_TOO_LONG: `A message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  TITLE_REQUIRED: "Title is required",
  TITLE_TOO_LONG: `Title must be at most ${TITLE_MAX} characters`,

  ALERT_PERCENT_INVALID: "A threshold must be a whole number between 1 and 100 %",
  TOO_MANY_ALERT_PERCENTS: `At most ${ALERT_PERCENT_MAX_COUNT} thresholds`,
  BALANCE_THRESHOLD_INVALID: `The balance threshold must be a number from 0 to ${amount(BALANCE_ALERT_MAX)}`,
  RETENTION_DAYS_INVALID: `Keep a whole number of days, between 1 and ${LEDGER_RETENTION_MAX_DAYS}`,
  SHORTCUT_INVALID:
    "Use Control, Command or Super with Shift or Alt and a key, e.g. CommandOrControl+Shift+Space (a function key needs only one): chords such as Shift+A or Control+C, and any on A, C, V, X, Y, Z, arrows or Delete, belong to typing and editing in every app.",

  NAME_REQUIRED: "Name is required",
  NAME_TOO_LONG: `Name must be at most ${PROFILE_NAME_MAX} characters`,
  BASE_URL_INVALID: "Base URL must be a URL such as https://gateway.example.com",
  BASE_URL_SCHEME: "Base URL must start with http:// or https://",
  INSECURE_HTTP: "This address uses plain http: the key would travel unencrypted. Use https, or confirm below.",
  RPM_INVALID: `RPM must be a whole number between ${RPM_RANGE.min} and ${RPM_RANGE.max}`,
  VIDEOS_AT_ONCE_INVALID: `Videos at once must be a whole number between 1 and ${VIDEO_LIMITS_MAX.concurrent}`,
  VIDEOS_PER_MINUTE_INVALID: `Videos per minute must be a whole number between 1 and ${VIDEO_LIMITS_MAX.perMinute}`,
  VIDEOS_PER_DAY_INVALID: `Videos per day must be a whole number between 1 and ${VIDEO_LIMITS_MAX.perDay}`,
  MAX_WAIT_INVALID: `Maximum wait must be a whole number of minutes between 1 and ${MAX_WAIT_MINUTES_RANGE.max}`,
  RESULT_ORIGIN_INVALID:
    "Each result origin must be one origin per line: http:// or https://, a host and an optional port, nothing after (e.g. http://192.168.1.20:9000)",
  TOO_MANY_RESULT_ORIGINS: `At most ${RESULT_ORIGINS_MAX} result origins`,
  KEY_TOO_SHORT: "The API key is too short",
  KEY_TOO_LONG: "The API key is too long",
  KEY_CHARACTERS: "The API key may contain only visible ASCII characters, without spaces",

  PROMPT_REQUIRED: "Prompt is required: say what to make",
  PROMPT_TOO_LONG: `The prompt must be at most ${PROMPT_MAX_LENGTH} characters`,
  IMAGE_COUNT_INVALID: `Number of images: 1 to ${IMAGE_COUNT_MAX}`,
  SEED_INVALID: `seed must be a whole number from 0 to ${IMAGE_SEED_MAX}`,
  REFERENCE_URL_INVALID: "The reference image must be a URL",
  REFERENCE_URL_SCHEME: "The reference image URL must be http(s)",
  REFERENCE_IMAGE_TYPE: "The reference image must be a PNG or JPEG",
  REFERENCE_IMAGE_TOO_LARGE: `The reference image must be at most ${REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  THUMBNAIL_TYPE: "A card's preview must be a WebP or PNG image",
  THUMBNAIL_TOO_LARGE: `A card's preview must be at most ${THUMBNAIL_MAX_BYTES / 1024} KB`,

  ISSUE_REQUIRED: "Required",
  ISSUE_TOO_SHORT: "At least {{minimum}} characters",
  ISSUE_TOO_LONG: "At most {{maximum}} characters",
  ISSUE_TOO_SMALL: "At least {{minimum}}",
  ISSUE_TOO_BIG: "At most {{maximum}}",
  ISSUE_INVALID: "Not a valid value",
  ...attachmentTextsEn,
  ...toolTextsEn,
  ...assistantTextsEn,
  ...mcpTextsEn,
};
