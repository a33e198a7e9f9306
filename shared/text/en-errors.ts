const CHECK_BEFORE_RETRY =
  "Check the gateway's console (its tasks and request log) before you retry, or it may be paid twice.";

/**
 * What main tells the window in English: its own errors, why a task waits or failed. The window
 * shows these by code in its language; this table also makes each error's English `message`.
 */
export const errorsEn = {
  INTERNAL_ERROR: "Something went wrong in the app. Try again; if it keeps happening, restart it.",
  UNKNOWN_CHANNEL: 'There is no channel named "{{channel}}".',
  INVALID_PAYLOAD: "{{where}}: {{cause}}",
  HOST_DISCONNECTED: "The connection to the app host was lost.",
  SHORTCUT_TAKEN: "{{shortcut}} is taken by another application.",

  PROFILE_NOT_FOUND: "This profile no longer exists.",
  PROFILE_NOT_CHOSEN: "Choose a profile in Settings first.",
  KEY_REQUIRED: "Enter the API key for the new profile.",
  LAST_PROFILE: "Keep at least one profile.",
  KEY_MISSING: 'The profile "{{profile}}" has no API key.',
  KEY_REBOUND: 'The key of "{{profile}}" was saved for another address or auth mode; enter it again.',
  KEY_UNREADABLE: 'The key of "{{profile}}" cannot be decrypted on this machine; enter it again.',
  SETTINGS_INVALID:
    "The settings file no longer has the shape the app wrote (its profiles are not a list of profiles); it is left as it is. Restart the app to restore it or start fresh.",

  CONVERSATION_NOT_FOUND: "This conversation does not exist (it may have been deleted).",
  CONVERSATION_NOT_RESTORABLE: "This conversation can no longer be restored.",
  CONVERSATION_PROFILE_DELETED:
    "The profile this conversation was started on was deleted. Move it to another profile to go on.",
  MESSAGE_NOT_FOUND: "Only your own messages can be edited.",
  NOTHING_TO_REGENERATE: "Send a message first.",
  CHOOSE_AN_ANSWER:
    "Choose the answer to go on from: press Continue with this answer under one of the compared answers.",
  NOT_A_COMPARED_ANSWER: "This answer is not part of a comparison in this conversation.",
  COMPARISON_NOT_FOUND: "This comparison is no longer in this conversation (its question may have been deleted).",
  ANSWER_STILL_STREAMING: "This answer is still coming; stop it or wait for it to finish first.",
  MODEL_SET_NOT_FOUND: "This model set no longer exists.",
  APP_CLOSED: "The app closed while this reply was streaming; the text that had arrived is kept.",

  HTTP_STATUS: "The gateway answered HTTP {{status}}.",
  NOT_OFFERED: "This server does not offer {{path}}.",
  STREAM_ERROR: "The gateway reported an error in the middle of the answer.",
  ABORTED: "The request was cancelled.",
  INVALID_RESPONSE: "The gateway's answer to {{path}} does not match the API: {{detail}}",
  REDIRECT_REFUSED:
    "The server at {{host}} answered with a redirect; the key is never sent on to another address. Set the Base URL to the final address.",
  NETWORK_ERROR: "Could not reach the gateway at {{host}}: {{cause}}",
  TIMEOUT: "The gateway did not answer within {{seconds}} s.",
  STREAM_INTERRUPTED: "The connection to the gateway was interrupted before the answer was complete.",
  STREAM_CLOSED_EARLY: "The gateway closed the stream before the answer was complete.",

  TASK_NOT_FOUND: "This task no longer exists.",
  TASK_SUBMITTING: "This task is still being submitted; cancel it in a moment.",
  TASK_NOT_CANCELLABLE: "This task has already ended and can no longer be cancelled.",
  TASK_NOT_TIMED_OUT: "Only a task that timed out here can be checked again.",
  MEDIA_NOT_FOUND: "That image is no longer in the gallery.",
  TASK_FAILED: "The gateway reported this task as failed without saying why.",
  TASK_ANSWER_MISMATCH:
    "The gateway answered a poll of task {{asked}} with task {{answered}}; the answer was not used and the task is asked again.",
  TASK_KEY_REFUSED:
    "The key was refused (HTTP {{status}}): check it in Settings. The task is still followed; its result is fetched once the key works, and nothing is submitted again.",
  TASK_RESULT_REDIRECT_LOOP:
    "The result address redirects in a loop, so the result cannot be fetched yet. The app keeps trying, further apart; nothing is submitted again.",
  TASK_POLLS_FAILING:
    "Following this task keeps failing ({{cause}}). The app keeps trying, further apart; nothing is submitted again.",
  TASK_RESULTS_LEFT_OUT_one: "The gateway's answer listed {{count}} result more than was asked for; it was left out.",
  TASK_RESULTS_LEFT_OUT_other:
    "The gateway's answer listed {{count}} results more than were asked for; they were left out.",
  TASK_RESULTS_MISSING_one:
    "{{count}} of the {{asked}} results could not be kept ({{cause}}); the others are in the gallery.",
  TASK_RESULTS_MISSING_other:
    "{{count}} of the {{asked}} results could not be kept ({{cause}}); the others are in the gallery.",
  RESULT_CLEANED_UP: "The gateway cleaned up this result before it could be fetched.",
  IMAGE_WITHOUT_DATA: "An image came with neither url nor b64_json.",
  VIDEO_WITHOUT_URL: "A completed video task carries no video URL.",
  DOWNLOAD_REFUSED:
    "The result address {{address}} was not read: results are fetched over https, from the gateway's own host ({{host}}, any port), or from an origin in the profile's Result origins.",
  DOWNLOAD_REFUSED_PRIVATE:
    "The result address {{address}} was not read: {{host}} is at {{ip}}, a private, loopback or link-local address, read only for the gateway's own host or an origin in the profile's Result origins.",
  DOWNLOAD_REFUSED_NOT_HTTPS:
    "The result address {{address}} was not read: results are fetched only over https or from the gateway's own address.",
  DOWNLOAD_TOO_LARGE: "The result is larger than {{megabytes}} MB, the most the app keeps; nothing was kept.",
  DOWNLOAD_FAILED: "Downloading the result failed: {{reason}}.",
  DOWNLOAD_TIMED_OUT: "Downloading the result failed: it did not finish within {{seconds}} s.",
  DOWNLOAD_HTTP: "Downloading the result failed: the server answered HTTP {{status}}.",
  DOWNLOAD_NO_LOCATION: "Downloading the result failed: the server answered HTTP {{status}} without a Location.",
  DOWNLOAD_TOO_MANY_REDIRECTS: "Downloading the result failed: more than {{count}} redirects.",
  DOWNLOAD_NO_BODY: "Downloading the result failed: the answer has no body.",
  QUOTED_ERROR: "{{code}}: {{cause}}",
  FILE_NOT_WRITTEN: "the file could not be written",
  SENDING_FAILED: "the app failed while sending it",
  SUBMISSION_CUT_BY_RESTART: `The app closed while this task was being submitted, so it cannot know whether the gateway received and charged it. It was not sent again. ${CHECK_BEFORE_RETRY}`,
  SUBMISSION_UNANSWERED: `No answer could be read for this submission ({{cause}}). The gateway may have received and charged it; the app did not send it again. ${CHECK_BEFORE_RETRY}`,
  RESULT_NOT_KEPT:
    "The gateway made this result and has charged for it, but the app could not keep it ({{cause}}). It may still be listed in the gateway's console under task {{remoteId}}.",
  SYNC_RESULT_NOT_KEPT:
    "The gateway made this result and has charged for it, but the app could not keep it ({{cause}}). The app does not fetch the result of a synchronous request again; look for it in the gateway's console by its request id.",
  RESULT_CUT_BY_RESTART:
    "The app closed while downloading this result. The gateway had already made it and charged for it, and gave no task id to fetch it by again; look for it in the gateway's console by its request id.",

  VIDEOS_RUNNING_one: "{{count}} video is already running",
  VIDEOS_RUNNING_other: "{{count}} videos are already running",
  VIDEOS_THIS_MINUTE_one: "{{count}} video was started in the last minute",
  VIDEOS_THIS_MINUTE_other: "{{count}} videos were started in the last minute",
  VIDEOS_TODAY_one: "{{count}} video was started in the last 24 hours",
  VIDEOS_TODAY_other: "{{count}} videos were started in the last 24 hours",
  RATE_LIMITED: "Rate limited by the gateway; sending again in {{seconds}} s",
};
