import { ASSISTANT_DOCUMENTS_MAX, ASSISTANTS_FILE_MAX_CHARS, ASSISTANT_DOCUMENT_CHARS_MAX } from "../ipc/assistants.ts";

/** At most this many assistants are read from one file. */
export const ASSISTANTS_FILE_MAX_COUNT = 1000;

/** Assistants' problems in English: the form's and an import's, named by code by the schemas and main. */
export const assistantTextsEn = {
  AVATAR_INVALID: "The avatar must be one letter or one emoji",
  DOCUMENT_TOO_LONG: `A document can be at most ${ASSISTANT_DOCUMENT_CHARS_MAX.toLocaleString("en-US")} characters`,
  DOCUMENTS_TOO_MANY: `At most ${ASSISTANT_DOCUMENTS_MAX} documents per assistant`,
  ASSISTANT_NOT_FOUND: "This assistant no longer exists.",
  ASSISTANTS_FILE_TOO_LARGE: `An assistants file can be at most ${ASSISTANTS_FILE_MAX_CHARS / 1024 / 1024} MB.`,
  ASSISTANTS_FILE_NOT_JSON: "This file is not JSON, so it holds no assistants.",
  ASSISTANTS_FILE_UNRECOGNISED:
    "This file holds no assistants: it is neither a ModelDesk assistants file, nor one assistant, nor a list of them.",
  ASSISTANTS_FILE_VERSION: "This assistants file is of version {{version}}; this app reads version 1.",
  ASSISTANTS_FILE_TOO_MANY: `An assistants file can hold at most ${ASSISTANTS_FILE_MAX_COUNT} assistants.`,
  ASSISTANT_NOT_AN_OBJECT: "Not an assistant: an assistant is an object with a name",
  ASSISTANT_FIELD_INVALID: "{{field}}: {{cause}}",
};
