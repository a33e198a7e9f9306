/** English strings of a conversation's profile: its label, a deleted profile, and Move to profile…. */
export const conversationProfileEn = {
  conversationProfile: {
    deletedName: "Deleted profile",
    deleted: "The profile this conversation was started on was deleted.",
    deletedHint: "Nothing is sent until you move it to another profile.",
    move: "Move to profile…",
    moveTitle: "Move to profile",
    moveHint: "The conversation goes on through this profile, with the model chosen here.",
    moveConfirm: "Move",
    cancel: "Cancel",
    modelBecomes: "Its model becomes {{model}}, that profile's default; choose another in the header.",
  },
};
