import { useState, type ClipboardEvent, type DragEvent } from "react";
import { ATTACHMENTS_MAX } from "../../../../shared/ipc/attachments.ts";
import { useChatStore } from "./chat-store.ts";
import {
  attachmentInputsOf,
  readFiles,
  withFiles,
  type AttachmentProblem,
  type DraftAttachment,
} from "./draft-attachments.ts";

const NONE: readonly DraftAttachment[] = [];
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * The files of one draft: added by the Attach files button, by paste and by drop onto the
 * composer (the window's own drop offer then stays out of it), removed one by one, taken when the
 * message is sent and given back when it is refused.
 */
export function useDraftAttachments(draftKey: string) {
  const attachments = useChatStore((state) => state.draftAttachments[draftKey] ?? NONE);
  const changed = useChatStore((state) => state.draftAttachmentsChanged);
  const [problem, setProblem] = useState<AttachmentProblem | null>(null);
  const [dragging, setDragging] = useState(false);

  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    void (async () => {
      // More than a message takes are not even read: the limit is said instead.
      const read = await readFiles(files.slice(0, ATTACHMENTS_MAX));
      const current = useChatStore.getState().draftAttachments[draftKey] ?? NONE;
      const result = withFiles(
        current,
        read.map((attachment, index) => ({ name: files[index]?.name ?? "", read: attachment })),
      );
      changed(draftKey, result.attachments);
      setProblem(result.problem ?? (files.length > ATTACHMENTS_MAX ? { kind: "tooMany", name: null } : null));
    })();
  };

  return {
    attachments,
    problem,
    dragging,
    add,
    remove: (key: string) => {
      changed(
        draftKey,
        attachments.filter((attachment) => attachment.key !== key),
      );
      setProblem(null);
    },
    /** Empties the box for sending; `giveBack` puts the files back if the message is refused. */
    taken: () => {
      changed(draftKey, NONE);
      setProblem(null);
      return { inputs: attachmentInputsOf(attachments), giveBack: () => changed(draftKey, attachments) };
    },
    onPaste: (event: ClipboardEvent) => {
      const pasted = [...event.clipboardData.files];
      if (pasted.length === 0) return;
      event.preventDefault();
      add(pasted);
    },
    dropHandlers: {
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        setDragging(false);
        if (!carriesFiles(event)) return;
        event.preventDefault();
        add([...event.dataTransfer.files]);
      },
    },
  };
}
