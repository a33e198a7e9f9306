import type { DatabaseSync } from "node:sqlite";
import { ConversationToolsSchema, NO_TOOLS, type ConversationTools } from "../../../shared/ipc/conversation-tools.ts";
import { oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { readStoredJson } from "../store/stored-json.ts";

/** The tools each conversation offers its model, beside its settings (`conversations.tools`). */
export class ConversationToolStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** A conversation's tools; none offered when never chosen (or when what is stored no longer fits). */
  get(conversationId: string): ConversationTools {
    const row = oneRow<{ tools: string | null }>(
      this.db.prepare("SELECT tools FROM conversations WHERE id = ? AND deleted_at IS NULL"),
      conversationId,
    );
    if (!row) throw appError("CONVERSATION_NOT_FOUND");
    return row.tools ? readStoredJson(row.tools, ConversationToolsSchema, NO_TOOLS) : NO_TOOLS;
  }

  save(conversationId: string, tools: ConversationTools): ConversationTools {
    const { changes } = this.db
      .prepare("UPDATE conversations SET tools = ? WHERE id = ? AND deleted_at IS NULL")
      .run(JSON.stringify(tools), conversationId);
    if (Number(changes) === 0) throw appError("CONVERSATION_NOT_FOUND");
    return tools;
  }

  /** "Always allow this tool": kept with the conversation, asked no more in it. */
  allowForGood(conversationId: string, key: string): void {
    const tools = this.get(conversationId);
    if (!tools.alwaysAllowed.includes(key))
      this.save(conversationId, { ...tools, alwaysAllowed: [...tools.alwaysAllowed, key] });
  }
}
