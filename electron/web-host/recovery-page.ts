import { describeDamage, type DamagedFile } from "../services/store/data-files.ts";

/** The recovery page posts a plain form to itself; nothing else may load or run. */
export const RECOVERY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export type RecoveryAction = "restore" | "fresh";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Shown instead of the app when a data file is damaged: names each file and offers to restore the
 * latest backups or to start fresh; either way the damaged files are kept, renamed.
 */
export function recoveryPage(damaged: readonly DamagedFile[], secret: string): string {
  const restorable = damaged.every((file) => file.backup !== null);
  const items = damaged.map((file) => `<li>${escapeHtml(describeDamage(file))}</li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ModelDesk: data needs attention</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.4rem .9rem;margin-right:.5rem;border-radius:6px;border:1px solid #888;cursor:pointer}
li{margin:.4rem 0;word-break:break-all}</style></head>
<body><main>
<h1>ModelDesk cannot open its data safely</h1>
<ul>${items}</ul>
<p>Nothing has been changed. Whichever you choose, the damaged files are kept beside the originals as
<code>NAME.damaged-TIME</code>.</p>
<form method="post" action="/recovery?token=${encodeURIComponent(secret)}">
${restorable ? '<button type="submit" name="action" value="restore">Restore the latest backup</button>' : ""}
<button type="submit" name="action" value="fresh">Start fresh</button>
</form>
</main></body></html>`;
}

/** The action a recovery form asked for, from its urlencoded body. */
export function recoveryActionOf(body: string): RecoveryAction | null {
  const action = new URLSearchParams(body).get("action");
  return action === "restore" || action === "fresh" ? action : null;
}
