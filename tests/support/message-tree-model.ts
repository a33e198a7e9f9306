/** A message as the model holds it: its role and what it follows. */
interface ModelMessage {
  readonly role: "user" | "assistant";
  parent: string | null;
}

/**
 * What a conversation's message tree should be, kept apart from the store: messages follow their
 * parent, a deleted one's followers follow its parent, and a place's versions are its siblings of
 * the same role in the order written.
 */
export class MessageTreeModel {
  /** In the order written (a Map keeps the order its keys were set in). */
  private readonly messages = new Map<string, ModelMessage>();

  add(id: string, role: ModelMessage["role"], parent: string | null): void {
    this.messages.set(id, { role, parent });
  }

  remove(id: string): void {
    const gone = this.get(id);
    for (const message of this.messages.values()) if (message.parent === id) message.parent = gone.parent;
    this.messages.delete(id);
  }

  get(id: string): ModelMessage {
    const message = this.messages.get(id);
    if (!message) throw new Error(`The model holds no message ${id}`);
    return message;
  }

  /** Every message, in the order written. */
  ids(): string[] {
    return [...this.messages.keys()];
  }

  /** What each message follows. */
  parents(): Record<string, string | null> {
    return Object.fromEntries([...this.messages].map(([id, message]) => [id, message.parent]));
  }

  /** The versions of a message's place, oldest first. */
  versionsOf(id: string): string[] {
    const { parent, role } = this.get(id);
    return this.ids().filter((other) => this.get(other).parent === parent && this.get(other).role === role);
  }

  /** The newest message at or below `id`: where showing that version leaves the conversation. */
  newestBelow(id: string): string {
    const below = (candidate: string | null): boolean =>
      candidate !== null && (candidate === id || below(this.get(candidate).parent));
    return this.ids().filter(below).at(-1) ?? id;
  }
}
