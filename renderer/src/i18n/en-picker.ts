/** English strings of the model picker. */
export const pickerEn = {
  picker: {
    suggestions: "Suggestions",
    profile: "In this profile",
    server: "Offered by the server",
    recent: "Used recently",
    noMatch: "No known model matches; “{{code}}” is used as typed.",
    group: {
      chat: "Chat",
      search: "Web search",
      image: "Images",
      video: "Videos",
      test: "Test models",
      recent: "Used recently",
    },
    testNote: "These fail on purpose, to try how errors are shown.",
    badge: {
      default: "default",
      messages: "Messages format",
      images: "takes images",
      textOnly: "text only",
      search: "searches the web",
    },
  },
};
