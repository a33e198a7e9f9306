/** English strings of files attached to a message. */
export const attachmentsEn = {
  attachments: {
    attach: "Attach files",
    limits:
      "Images (PNG, JPEG, WebP, GIF) up to {{imageMb}} MB, PDF and Word (.docx) documents up to {{documentMb}} MB (their first {{pages}} pages and {{chars}} characters are sent), text and code files up to {{textKb}} KB; up to {{count}} files.",
    inMessage: "Files to send",
    sent: "Attached files",
    remove: "Remove {{name}}",
    bytes_one: "{{count}} byte",
    bytes_other: "{{count}} bytes",
    kb: "{{kb}} KB",
    document: {
      pdf: "PDF",
      docx: "Word",
      pages_one: "{{count}} page",
      pages_other: "{{count}} pages",
      pagesOf: "pages 1-{{read}} of {{count}}",
      chars: "{{chars}} characters",
      cut: "cut at {{chars}} characters",
    },
    hint: {
      imagesNotAccepted: "Pick a model that takes images in the Model field, then send again; or remove the images.",
      file: "Remove that file or attach another; the rest of the message is kept.",
    },
    problem: {
      type: "Only PNG, JPEG, WebP or GIF images, PDF and Word (.docx) documents and text files can be attached.",
      tooLarge: "Images can be at most {{imageMb}} MB, documents {{documentMb}} MB and text files {{textKb}} KB.",
      tooMany: "At most {{count}} files per message.",
      totalTooLarge: "These files together are more than one message can carry; send some in another message.",
      unreadable: "The file could not be read.",
    },
  },
};
