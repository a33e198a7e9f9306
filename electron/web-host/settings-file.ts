import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { SettingsStore } from "../services/vault/settings-store.ts";

type Settings = Record<string, unknown>;

/**
 * The web host's settings: one JSON object in `path`, written as electron-store writes it (tab
 * indents), so a data directory reads the same in both hosts. Read on every get, so what another
 * process wrote counts; replaced whole on every set through a renamed temporary file, owner-only.
 * A file that is not JSON throws: the host's damage check names it before anything reads it.
 */
export function settingsFile(path: string): SettingsStore {
  return {
    get: (key) => {
      const settings = readSettings(path);
      return Object.hasOwn(settings, key) ? settings[key] : undefined;
    },
    set: (key, value) => {
      const settings = readSettings(path);
      settings[key] = value;
      replaceFile(path, JSON.stringify(settings, undefined, "\t"));
    },
  };
}

function readSettings(path: string): Settings {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return Object.create(null) as Settings;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  const settings = Object.create(null) as Settings;
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? Object.assign(settings, parsed)
    : settings;
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
