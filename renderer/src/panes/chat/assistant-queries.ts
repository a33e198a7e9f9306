import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ASSISTANTS_FILE_MAX_CHARS, type AssistantInput } from "../../../../shared/ipc/assistants.ts";
import { codedText, englishOf } from "../../../../shared/text/app-texts.ts";
import { ApiError, unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { downloadFile } from "./download-file.ts";

const ASSISTANTS_KEY = ["assistants"] as const;

/** Assistants, by name. */
export const useAssistants = () => useQuery({ queryKey: ASSISTANTS_KEY, queryFn: () => unwrap(api.assistants.list()) });

/** Every list of assistants shows what a mutation changed. */
function useRefreshAssistants() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ASSISTANTS_KEY });
}

/** Saves a new assistant, or one edited. */
export function useSaveAssistant() {
  const onSuccess = useRefreshAssistants();
  return useMutation({ mutationFn: (assistant: AssistantInput) => unwrap(api.assistants.save(assistant)), onSuccess });
}

export function useDeleteAssistant() {
  const onSuccess = useRefreshAssistants();
  return useMutation({
    mutationFn: (assistantId: string) => unwrap(api.assistants.remove({ assistantId })),
    onSuccess,
  });
}

/** A file larger than main reads is refused before it is read, in main's words. */
function refuseLargeFile(file: File): void {
  if (file.size <= ASSISTANTS_FILE_MAX_CHARS) return;
  const text = codedText("ASSISTANTS_FILE_TOO_LARGE");
  throw new ApiError({ code: text.code, message: englishOf(text), text });
}

/** Adds the valid assistants of a picked file (main parses and checks its text); says which were skipped. */
export function useImportAssistants() {
  const onSuccess = useRefreshAssistants();
  return useMutation({
    mutationFn: async (file: File) => {
      refuseLargeFile(file);
      return unwrap(api.assistants.importFile({ text: await file.text() }));
    },
    onSuccess,
  });
}

/** Saves the assistants file of one assistant, or of all of them. */
export const useExportAssistants = () =>
  useMutation({
    mutationFn: (assistantId?: string) =>
      unwrap(api.assistants.exportFile(assistantId === undefined ? {} : { assistantId })),
    onSuccess: downloadFile,
  });
