/** English strings of quick chat, the desktop settings and dropping an image on the window. */
export const desktopEn = {
  quick: {
    title: "Quick chat",
    hint: "Ask anything. Enter sends; Esc stops a reply, or hides this window.",
    openInApp: "Open in ModelDesk",
  },
  desktop: {
    title: "Desktop",
    shortcut: "Quick chat shortcut",
    shortcutHint: "Opens quick chat over any app, e.g. CommandOrControl+Shift+Space.",
    saveShortcut: "Save shortcut",
    shortcutSaved: "Saved: {{shortcut}} opens quick chat.",
    shortcutWebOnly: "Saved. Global shortcuts work in the desktop app; here, open /quick in a tab.",
    shortcutNotWorking: "{{shortcut}} is saved but the system did not give it to ModelDesk.",
    shortcutInvalid:
      "Use Control, Command or Super with Shift or Alt and a key, e.g. CommandOrControl+Shift+Space (a function key needs only one): chords such as Shift+A or Control+C, and any on A, C, V, X, Y, Z, arrows or Delete, belong to typing and editing in every app.",
    dropTitle: "Make a video from this image?",
    dropHere: "Drop an image to make a video from it (on the message box, to attach it)",
    dropBody: "“{{name}}” becomes the reference image of a new video; nothing is sent until you press Generate.",
    dropConfirm: "Use in a new video",
    dropCancel: "Not now",
    dismiss: "Dismiss",
  },
};
