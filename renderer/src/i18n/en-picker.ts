/** English strings of the model picker. */
export const pickerEn = {
  picker: {
    suggestions: "Suggestions",
    profile: "In this profile",
    server: "Offered by the server",
    recent: "Used recently",
    noMatch: "No known model matches; “{{code}}” is used as typed.",
  },
};
