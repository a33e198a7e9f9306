import type { errorsEn } from "./en-errors.ts";

const CHECK_BEFORE_RETRY = "重试前请先查看网关控制台（任务和请求日志），否则可能会被收费两次。";

export const errorsZh: Record<keyof typeof errorsEn, string> = {
  INTERNAL_ERROR: "应用内部出错了。请重试；如果一直出现，请重启应用。",
  UNKNOWN_CHANNEL: "没有名为“{{channel}}”的通道。",
  INVALID_PAYLOAD: "{{where}}：{{cause}}",
  HOST_DISCONNECTED: "与应用主机的连接已断开。",
  SHORTCUT_TAKEN: "{{shortcut}} 已被其他应用占用。",

  PROFILE_NOT_FOUND: "此配置已不存在。",
  PROFILE_NOT_CHOSEN: "请先在设置中选择一个配置。",
  KEY_REQUIRED: "请为新配置输入 API 密钥。",
  LAST_PROFILE: "至少要保留一个配置。",
  KEY_MISSING: "配置“{{profile}}”没有 API 密钥。",
  KEY_REBOUND: "“{{profile}}”的密钥是为另一个地址或认证方式保存的，请重新输入。",
  KEY_UNREADABLE: "“{{profile}}”的密钥在这台电脑上无法解密，请重新输入。",
  SETTINGS_INVALID:
    "设置文件已不是应用写入时的结构（其中的配置不是配置列表）；文件保持原样。请重启应用，恢复备份或重新开始。",

  CONVERSATION_NOT_FOUND: "此会话不存在（可能已被删除）。",
  CONVERSATION_NOT_RESTORABLE: "此会话已无法恢复。",
  PRESET_NOT_FOUND: "此预设已不存在。",
  MESSAGE_NOT_FOUND: "只能编辑你自己发送的消息。",
  NOTHING_TO_REGENERATE: "请先发送一条消息。",
  CHOOSE_AN_ANSWER: "请先选择要继续的回答：在比较的某个回答下点击“以此回答继续”。",
  NOT_A_COMPARED_ANSWER: "这个回答不属于本会话中的比较。",
  ANSWER_STILL_STREAMING: "这个回答仍在生成；请先停止或等待其完成。",
  MODEL_SET_NOT_FOUND: "这个模型组已不存在。",
  APP_CLOSED: "回复生成期间应用关闭了；已收到的文字已保留。",

  HTTP_STATUS: "网关返回了 HTTP {{status}}。",
  NOT_OFFERED: "此服务器不提供 {{path}}。",
  STREAM_ERROR: "网关在回答中途报告了错误。",
  ABORTED: "请求已取消。",
  INVALID_RESPONSE: "网关对 {{path}} 的回答不符合 API：{{detail}}",
  REDIRECT_REFUSED: "{{host}} 上的服务器返回了重定向；密钥绝不会被转发到其他地址。请把 Base URL 设为最终地址。",
  NETWORK_ERROR: "无法连接到 {{host}} 上的网关：{{cause}}",
  TIMEOUT: "网关在 {{seconds}} 秒内没有回应。",
  STREAM_INTERRUPTED: "回答完成之前，与网关的连接中断了。",
  STREAM_CLOSED_EARLY: "回答完成之前，网关关闭了数据流。",

  TASK_NOT_FOUND: "此任务已不存在。",
  TASK_SUBMITTING: "此任务仍在提交中，请稍后再取消。",
  TASK_NOT_CANCELLABLE: "此任务已经结束，无法再取消。",
  TASK_NOT_TIMED_OUT: "只有在这里等待超时的任务才能再次检查。",
  MEDIA_NOT_FOUND: "该图片已不在图库中。",
  TASK_FAILED: "网关报告此任务失败，但没有说明原因。",
  RESULT_CLEANED_UP: "结果在取回之前已被网关清理。",
  IMAGE_WITHOUT_DATA: "返回的图片既没有 url 也没有 b64_json。",
  VIDEO_WITHOUT_URL: "已完成的视频任务没有视频地址。",
  DOWNLOAD_REFUSED:
    "未读取结果地址 {{address}}：结果只通过 https、从网关自己的主机（{{host}}，任意端口）或从配置的“结果来源”中列出的来源获取。",
  DOWNLOAD_REFUSED_PRIVATE:
    "未读取结果地址 {{address}}：{{host}} 位于 {{ip}}，这是私有、回环或链路本地地址，只有网关自己的主机或配置的“结果来源”中列出的来源才会从这类地址读取。",
  DOWNLOAD_REFUSED_NOT_HTTPS: "未读取结果地址 {{address}}：结果只通过 https 或从网关自己的地址获取。",
  DOWNLOAD_TOO_LARGE: "结果大于 {{megabytes}} MB（应用保存的上限），未保存任何内容。",
  DOWNLOAD_FAILED: "下载结果失败：{{reason}}。",
  DOWNLOAD_TIMED_OUT: "下载结果失败：{{seconds}} 秒内没有完成。",
  DOWNLOAD_HTTP: "下载结果失败：服务器返回了 HTTP {{status}}。",
  DOWNLOAD_NO_LOCATION: "下载结果失败：服务器返回了 HTTP {{status}}，但没有 Location。",
  DOWNLOAD_TOO_MANY_REDIRECTS: "下载结果失败：重定向超过 {{count}} 次。",
  DOWNLOAD_NO_BODY: "下载结果失败：回答没有内容。",
  QUOTED_ERROR: "{{code}}：{{cause}}",
  FILE_NOT_WRITTEN: "文件无法写入",
  SENDING_FAILED: "应用在发送时出错",
  SUBMISSION_CUT_BY_RESTART: `提交此任务时应用关闭了，因此无法确定网关是否已收到并收费。它没有被再次发送。${CHECK_BEFORE_RETRY}`,
  SUBMISSION_UNANSWERED: `这次提交没有可读取的回答（{{cause}}）。网关可能已经收到并收费；应用没有再次发送。${CHECK_BEFORE_RETRY}`,
  RESULT_NOT_KEPT:
    "网关已生成此结果并已收费，但应用未能保存它（{{cause}}）。它可能仍在网关控制台中，任务编号为 {{remoteId}}。",
  SYNC_RESULT_NOT_KEPT:
    "网关已生成此结果并已收费，但应用未能保存它（{{cause}}）。应用不会再次获取同步请求的结果；请在网关控制台中按请求 ID 查找。",
  RESULT_CUT_BY_RESTART:
    "下载此结果时应用关闭了。网关已经生成并收费，且没有给出可再次获取的任务编号；请在网关控制台中按请求 ID 查找。",

  VIDEOS_RUNNING_one: "已有 {{count}} 个视频在生成",
  VIDEOS_RUNNING_other: "已有 {{count}} 个视频在生成",
  VIDEOS_THIS_MINUTE_one: "最近一分钟内已开始 {{count}} 个视频",
  VIDEOS_THIS_MINUTE_other: "最近一分钟内已开始 {{count}} 个视频",
  VIDEOS_TODAY_one: "最近 24 小时内已开始 {{count}} 个视频",
  VIDEOS_TODAY_other: "最近 24 小时内已开始 {{count}} 个视频",
  RATE_LIMITED: "被网关限流；{{seconds}} 秒后重新发送",
};
