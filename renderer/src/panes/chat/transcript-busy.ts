import { createContext } from "react";

/**
 * Whether a reply streams in the transcript: the messages' Edit, Regenerate, versions and Delete wait
 * for it. Read by those buttons alone, so a reply's start and end draw only them again, not every message.
 */
export const TranscriptBusy = createContext(false);
