import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { allRows } from "../../../electron/common/sql-rows.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";
import { MessageTreeModel } from "../../support/message-tree-model.ts";
import { seededIds } from "../../support/seeded-id.ts";

const db = openAppDatabase(join(tempDir("tree-property-"), "app.sqlite"));
const store = new ConversationStore(db);
/** Ids in an order of their own, the same at every run: nothing may read the order written from them. */
const nextId = seededIds(48);

type Kind = "send" | "edit" | "regenerate" | "delete" | "switch";
/** A step, and which message it acts on (taken modulo those it can act on). */
interface Step {
  readonly kind: Kind;
  readonly pick: number;
}

const weighted = (kind: Kind, weight: number) => ({ arbitrary: fc.constant(kind), weight });
const steps = fc.array(
  fc.record({
    kind: fc.oneof(
      weighted("send", 4),
      weighted("edit", 2),
      weighted("regenerate", 2),
      weighted("delete", 2),
      weighted("switch", 2),
    ),
    pick: fc.nat(),
  }),
  { maxLength: 30 },
);

/**
 * One conversation driven as the chat service drives the store (a question and its reply for a
 * send or an edit, a reply for a regenerate), beside the model of what its tree should be.
 */
class Conversation {
  private readonly id = store.create(DEFAULT_CHAT_SETTINGS).id;
  private readonly model = new MessageTreeModel();

  /** Applies a step; returns the leaf it must leave shown, where it decides one. */
  apply({ kind, pick }: Step): string | undefined {
    const shown = this.shown();
    const one = <T>(list: readonly T[]) => list[pick % list.length];
    if (kind === "send") return this.ask(shown.at(-1)?.id ?? null);
    if (kind === "edit") {
      const question = one(shown.filter((row) => row.role === "user"));
      if (!question) return undefined;
      const parentId = store.edits.editedQuestionParent(this.id, question.id);
      return this.ask(this.model.get(question.id).parent, parentId);
    }
    if (kind === "regenerate") {
      const reply = one(shown.filter((row) => row.role === "assistant"));
      if (!reply) return undefined;
      const question = this.model.get(reply.id).parent;
      // A reply whose question was deleted follows another reply: nothing to ask again.
      if (question === null || this.model.get(question).role !== "user") {
        expect(() => store.edits.regenerateFrom(this.id, reply.id)).toThrow(
          expect.objectContaining({ code: "NOTHING_TO_REGENERATE" }),
        );
        return undefined;
      }
      store.edits.regenerateFrom(this.id, reply.id);
      return this.write("assistant", question);
    }
    const target = one(this.model.ids());
    if (!target) return undefined;
    if (kind === "switch") {
      store.edits.showVersion(this.id, target);
      return this.model.newestBelow(target);
    }
    expect(store.edits.deleteMessage(this.id, target)).toBe(true);
    this.model.remove(target);
    return undefined;
  }

  /** Every remaining message follows what it should, back to a first message, each after what it follows. */
  expectTree(): void {
    const rows = this.rows();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.parent_id]))).toEqual(this.model.parents());
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      // Each step goes to an earlier message, so the walk ends, at a first message.
      for (let at = row; at.parent_id !== null;) {
        const parent = byId.get(at.parent_id);
        if (!parent) throw new Error(`${at.id} follows ${at.parent_id}, which is gone`);
        expect(parent.position).toBeLessThan(at.position);
        at = parent;
      }
    }
  }

  /** The shown path is one chain from a first message to the shown leaf, and each place lists its versions in order. */
  expectShownPath(leaf: string | undefined): void {
    const path = this.shown();
    expect(path.length > 0).toBe(this.model.ids().length > 0);
    path.forEach((row, index) => expect(row.parent_id).toBe(path[index - 1]?.id ?? null));
    expect(path.at(-1)?.id ?? null).toBe(store.edits.leafOf(this.id));
    if (leaf !== undefined) expect(path.at(-1)?.id).toBe(leaf);
    for (const message of store.messages(this.id)) {
      const versions = this.model.versionsOf(message.id);
      expect(message.versions).toEqual(
        versions.length > 1 ? { ids: versions, index: versions.indexOf(message.id) } : undefined,
      );
    }
  }

  /** A question and its reply; returns the reply. */
  private ask(modelParent: string | null, parentId?: string | null): string {
    return this.write("assistant", this.write("user", modelParent, parentId));
  }

  /** Writes a message where the store puts it (`parentId`, else after the shown leaf), recording where it should be. */
  private write(role: "user" | "assistant", modelParent: string | null, parentId?: string | null): string {
    const id = nextId();
    const placed = parentId === undefined ? {} : { parentId };
    store.appendMessage({ id, conversationId: this.id, role, content: id, status: "complete", ...placed });
    this.model.add(id, role, modelParent);
    return id;
  }

  private shown() {
    return store.edits.path(this.id);
  }

  private rows() {
    return allRows<{ id: string; parent_id: string | null; position: number }>(
      db.prepare("SELECT id, parent_id, position FROM messages WHERE conversation_id = ? ORDER BY position"),
      this.id,
    );
  }
}

describe("a conversation's message tree under any edits", () => {
  it("keeps every remaining message reachable and in order through sends, edits, regenerations, deletes and version switches", () => {
    fc.assert(
      fc.property(steps, (plan) => {
        const conversation = new Conversation();
        for (const step of plan) {
          const leaf = conversation.apply(step);
          conversation.expectTree();
          conversation.expectShownPath(leaf);
        }
      }),
      { seed: 48, numRuns: 150 },
    );
  });
});
