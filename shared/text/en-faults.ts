/** What the app says in English when a server, the disk or the clock misbehaves (docs/limits-and-faults.md). */
export const faultsEn = {
  ANSWER_TOO_LARGE: "The gateway's answer was larger than {{megabytes}} MB; the app stopped reading it.",
  ANSWER_TIMED_OUT: "The gateway's answer did not arrive in full within {{seconds}} s.",
  STREAM_STALLED: "The gateway sent nothing for {{seconds}} s; the app stopped waiting for the rest of the answer.",
  SSE_LINE_TOO_LONG: "The gateway sent a stream line longer than {{megabytes}} MB; the app stopped reading it.",
  REPLY_TOO_LONG: "The reply passed {{count}} characters; the app kept that much and stopped it.",
  REPLY_NOT_SAVED:
    "The reply could not be saved ({{reason}}); it is kept in memory and saved as soon as the disk allows.",
  STORAGE_DISK_FULL:
    "The disk holding the app's data is full, so this was not saved. Free some space and try again; nothing saved before is lost.",
  STORAGE_READ_ONLY:
    "The app's data folder cannot be written (it is read-only), so this was not saved. Nothing saved before is lost.",
  STORAGE_LOCKED:
    "Another program holds the app's database, so this was not saved. Close it (or a second copy of the app) and try again.",
  STORAGE_UNREADABLE: "The app's database could not be opened, so this was not saved. Restart the app.",
  RETRY_AFTER_TOO_LONG:
    "The gateway asks to wait {{seconds}} s before trying again; the app waits at most {{limit}} s by itself. Try again later.",
  SUBMISSION_MAY_BE_CHARGED:
    "A proxy in front of the gateway answered HTTP {{status}}: the task may have been accepted and charged. The app did not send it again. Check the gateway console (tasks and request log) before trying again, or you may be charged twice.",
  DOWNLOAD_NOT_MEDIA: "The result address answered {{type}}, not a {{kinds}} file; nothing was kept.",
  IMAGE_NOT_MEDIA: "The gateway sent image data that is not a {{kinds}} file; nothing was kept.",
};
