import type { DataProblem } from "../services/store/data-files.ts";
import {
  describeProblem,
  recoveryActionsFor,
  recoveryNote,
  type RecoveryAction,
} from "../services/store/data-recovery.ts";

/** The recovery page posts a plain form to itself; nothing else may load or run. */
export const RECOVERY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const BUTTONS: Readonly<Record<RecoveryAction, string>> = {
  restore: "Restore the latest backup",
  fresh: "Start fresh",
  retry: "Try again",
};

const NEW_KEY = "Make a new key and enter the API keys again";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Shown instead of the app while the data cannot be opened: names each cause, and offers what
 * helps. Damage: restore the latest backups or start fresh, the damaged files kept, renamed. A
 * read-only, locked or full place: what to do about it, and Try again.
 */
export function recoveryPage(problems: readonly DataProblem[], secret: string): string {
  const actions = recoveryActionsFor(problems);
  const items = problems.map((problem) => `<li>${escapeHtml(describeProblem(problem))}</li>`).join("");
  const heading = actions.includes("retry")
    ? "ModelDesk cannot open its data"
    : "ModelDesk cannot open its data safely";
  // Only the key file is damaged: starting fresh makes a new key and nothing else.
  const label = (action: RecoveryAction) =>
    action === "fresh" && problems.every((problem) => problem.kind === "key") ? NEW_KEY : BUTTONS[action];
  const buttons = actions
    .map((action) => `<button type="submit" name="action" value="${action}">${label(action)}</button>`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ModelDesk: data needs attention</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.4rem .9rem;margin-right:.5rem;border-radius:6px;border:1px solid #888;cursor:pointer}
li{margin:.4rem 0;word-break:break-all}</style></head>
<body><main>
<h1>${heading}</h1>
<ul>${items}</ul>
<p>${escapeHtml(recoveryNote(problems))}</p>
<form method="post" action="/recovery?token=${encodeURIComponent(secret)}">
${buttons}
</form>
</main></body></html>`;
}

/** The action a recovery form asked for, from its urlencoded body. */
export function recoveryActionOf(body: string): RecoveryAction | null {
  const action = new URLSearchParams(body).get("action");
  return action === "restore" || action === "fresh" || action === "retry" ? action : null;
}
