import { NO_ASSISTANT_TOOLS } from "../../../shared/ipc/conversation-tools.ts";
import type { DatabaseSync } from "node:sqlite";
import type { z } from "zod";
import {
  ASSISTANT_NAME_MAX,
  ASSISTANTS_FILE_MAX_CHARS,
  type AssistantsImported,
} from "../../../shared/ipc/assistants.ts";
import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { ASSISTANTS_FILE_MAX_COUNT } from "../../../shared/text/en-assistants.ts";
import { codedIssue, genericIssue } from "../../../shared/text/schema-issues.ts";
import { inTransaction } from "../../common/sql-transaction.ts";
import { appError } from "../app-error.ts";
import { ModelSetStore } from "../chat/model-set-store.ts";
import { ASSISTANTS_FILE_FORMAT, ASSISTANTS_FILE_VERSION, FileAssistantSchema } from "./assistant-file-format.ts";
import { AssistantStore } from "./assistant-store.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The entries a file lists: an assistants file's, a bare list's, or one assistant's alone. */
function entriesOf(text: string): unknown[] {
  if (text.length > ASSISTANTS_FILE_MAX_CHARS) throw appError("ASSISTANTS_FILE_TOO_LARGE");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw appError("ASSISTANTS_FILE_NOT_JSON");
  }
  const entries = Array.isArray(parsed) ? parsed : isObject(parsed) ? fileEntries(parsed) : null;
  if (!entries) throw appError("ASSISTANTS_FILE_UNRECOGNISED");
  if (entries.length > ASSISTANTS_FILE_MAX_COUNT) throw appError("ASSISTANTS_FILE_TOO_MANY");
  return entries;
}

function fileEntries(parsed: Record<string, unknown>): unknown[] | null {
  if (!Array.isArray(parsed.assistants)) return typeof parsed.name === "string" ? [parsed] : null;
  if (parsed.format !== undefined && parsed.format !== ASSISTANTS_FILE_FORMAT) return null;
  if (parsed.version !== undefined && parsed.version !== ASSISTANTS_FILE_VERSION)
    throw appError("ASSISTANTS_FILE_VERSION", { version: String(parsed.version).slice(0, 20) });
  return parsed.assistants;
}

/** Why an entry is left out: the first problem of its first field, in the form's words. */
function reasonOf(error: z.ZodError): CodedText {
  const [issue] = error.issues;
  if (!issue) return codedText("ISSUE_INVALID");
  const cause = codedIssue(issue) ?? genericIssue(issue);
  return issue.path.length === 0 ? cause : codedText("ASSISTANT_FIELD_INVALID", { field: issue.path.join(".") }, cause);
}

/** The name, or the name followed by " (2)", " (3)"… : the first no assistant has (ignoring case). */
function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let count = 2; taken.has(candidate.toLowerCase()); count += 1) {
    const suffix = ` (${count})`;
    candidate = `${name.slice(0, ASSISTANT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Reads an assistants file (hostile input: its size, its JSON and each assistant are checked) and adds
 * each valid assistant as a new one; those left out are named by their place in the file, with why.
 * A model set an assistant names is the app's set of that name when there is one, else a new one.
 */
export function importAssistants(db: DatabaseSync, text: string): AssistantsImported {
  const entries = entriesOf(text);
  const assistants = new AssistantStore(db);
  const modelSets = new ModelSetStore(db);
  const taken = new Set(assistants.list().map((assistant) => assistant.name.toLowerCase()));
  const result: AssistantsImported = { imported: [], skipped: [] };
  inTransaction(db, () => {
    entries.forEach((entry, index) => {
      const name = isObject(entry) && typeof entry.name === "string" ? entry.name.slice(0, ASSISTANT_NAME_MAX) : null;
      if (!isObject(entry)) {
        result.skipped.push({ index, name, reason: codedText("ASSISTANT_NOT_AN_OBJECT") });
        return;
      }
      const parsed = FileAssistantSchema.safeParse(entry);
      if (!parsed.success) {
        result.skipped.push({ index, name, reason: reasonOf(parsed.error) });
        return;
      }
      const { modelSet, ...fields } = parsed.data;
      const set = modelSet
        ? (modelSets.list().find((known) => known.name.toLowerCase() === modelSet.name.toLowerCase()) ??
          modelSets.save(modelSet.name, modelSet.models))
        : null;
      const saved = assistants.save({
        ...fields,
        name: freeName(fields.name, taken),
        modelSetId: set?.id ?? null,
        // A file names no MCP server: servers are this machine's own.
        tools: NO_ASSISTANT_TOOLS,
      });
      result.imported.push(saved);
    });
  });
  return result;
}
