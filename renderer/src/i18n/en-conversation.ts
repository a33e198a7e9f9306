/** English strings of the conversation's settings drawer, its versions and the search of conversations. */
export const conversationEn = {
  conversation: {
    export: "Export",
    versionOf: "Version {{index}} of {{count}}",
    previousVersion: "Previous version",
    nextVersion: "Next version",
    closeSettings: "Close settings",
    invalidFields_one: "{{count}} field needs a change before saving.",
    invalidFields_other: "{{count}} fields need a change before saving.",
    modelCommandHint: "Name a model after /model, e.g. /model chat-pro.",
    modelChanged: "Model: {{model}}",
    searchFound_one: "{{count}} conversation found",
    searchFound_other: "{{count}} conversations found",
    searchMore: "The {{count}} most recent matches: add words to narrow the search.",
  },
};
