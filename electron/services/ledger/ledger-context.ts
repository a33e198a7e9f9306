import { AsyncLocalStorage } from "node:async_hooks";

/** What a gateway call was made for: a conversation's reply or a task. */
interface LedgerLink {
  readonly conversationId?: string;
  readonly messageId?: string;
  readonly taskId?: string;
}

interface LedgerScope {
  readonly link: LedgerLink;
  readonly onEnd: (() => void)[];
}

const scopes = new AsyncLocalStorage<LedgerScope>();

/**
 * Runs `work` so every gateway call it makes is linked to `link` in the ledger. A streamed reply
 * is charged when its stream ends, which only the caller sees: the calls are settled when `work` ends.
 */
export async function withLedgerLink<T>(link: LedgerLink, work: () => Promise<T>): Promise<T> {
  const scope: LedgerScope = { link, onEnd: [] };
  try {
    return await scopes.run(scope, work);
  } finally {
    for (const end of scope.onEnd) end();
  }
}

/**
 * Runs `work` linked to nothing: calls the app makes by itself (a balance reading on a timer set
 * while a task's call was out) are not that task's, whatever started them.
 */
export function withoutLedgerLink<T>(work: () => T): T {
  return scopes.exit(work);
}

/** The link of the calls being made now, and a way to act once they are over; null outside any. */
export function currentLedgerScope(): { link: LedgerLink; whenDone: (end: () => void) => void } | null {
  const scope = scopes.getStore();
  return scope ? { link: scope.link, whenDone: (end) => scope.onEnd.push(end) } : null;
}
