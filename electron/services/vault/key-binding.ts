import type { ProfileAuth } from "../../../shared/ipc/profiles.ts";

/** Where a stored key may go: the origin and auth mode it was saved for. */
export interface KeyBinding {
  readonly origin: string;
  readonly auth: ProfileAuth;
}

export function bindingOf(baseUrl: string, auth: ProfileAuth): KeyBinding {
  return { origin: new URL(baseUrl).origin, auth };
}

export function sameBinding(a: KeyBinding, b: KeyBinding): boolean {
  return a.origin === b.origin && a.auth === b.auth;
}

/** Keys shorter than this show no hint: two characters of a short key say too much. */
const HINT_MIN_KEY_LENGTH = 16;

/** At most the last two characters, so a hint never narrows a key down. */
export function keyHintOf(key: string): string | null {
  return key.length < HINT_MIN_KEY_LENGTH ? null : `…${key.slice(-2)}`;
}
