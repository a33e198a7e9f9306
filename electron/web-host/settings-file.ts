import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { isPlainObject } from "../../shared/plain-object.ts";
import { errorCode } from "../common/error-code.ts";
import type { SettingsStore } from "../services/vault/settings-store.ts";

/**
 * The web host's settings: one JSON object in `path`, written as electron-store writes it (tab
 * indents), so a data directory reads the same in both hosts. Read on every get, so what another
 * process wrote counts; replaced whole on every set through a renamed temporary file, owner-only.
 * A file that is not JSON throws: the host's damage check names it before anything reads it.
 */
export function settingsFile(path: string): SettingsStore {
  return {
    get: (key) => readSettings(path).get(key),
    set: (key, value) => {
      const settings = readSettings(path).set(key, value);
      replaceFile(path, JSON.stringify(Object.fromEntries(settings), undefined, "\t"));
    },
  };
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
