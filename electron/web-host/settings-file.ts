import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { isPlainObject } from "../../shared/plain-object.ts";
import { errorCode } from "../common/error-code.ts";
import type { SettingsStore } from "../services/vault/settings-store.ts";

/**
 * The web host's settings: one JSON object in `path`, written as electron-store writes it (tab
 * indents), so a data directory reads the same in both hosts. Each get sees what another process
 * wrote since; replaced whole on every set through a renamed temporary file, owner-only.
 * A file that is not JSON throws: the host's damage check names it before anything reads it.
 */
export function settingsFile(path: string): SettingsStore {
  let cached: { readonly stamp: string; readonly settings: Map<string, unknown> } | null = null;
  // A reply looks its profile up several times: the file is parsed again only when it changed.
  const current = () => {
    const stamp = stampOf(path);
    if (stamp === null) {
      cached = null;
      return new Map<string, unknown>();
    }
    if (cached?.stamp !== stamp) cached = { stamp, settings: readSettings(path) };
    return cached.settings;
  };
  return {
    // A copy: a caller changing what it got cannot change what the next one gets.
    get: (key) => structuredClone(current().get(key)),
    // Read afresh, never from the cache: a set writes back every other setting as it finds them.
    set: (key, value) => {
      cached = null;
      const settings = readSettings(path).set(key, value);
      replaceFile(path, JSON.stringify(Object.fromEntries(settings), undefined, "\t"));
    },
  };
}

/**
 * What tells one version of the file from another: a set renames a new file over it (a new inode,
 * new times), and a change in place moves its times (to the nanosecond where the system keeps them).
 */
function stampOf(path: string): string | null {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}` : null;
}

/** A Map, not an object, so a key such as `__proto__` in the file is a setting like any other. */
function readSettings(path: string): Map<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return new Map();
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  return new Map(isPlainObject(parsed) ? Object.entries(parsed) : []);
}

/** A reader sees the old file or the new one, never half of one, even if the process dies mid-write. */
function replaceFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    const fd = openSync(temporary, "w", 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
