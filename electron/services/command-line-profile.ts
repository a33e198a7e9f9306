import { readFileSync } from "node:fs";

/** Where a profile's key is best given: a process's environment is readable only by its own user. */
export const PROFILE_KEY_VARIABLE = "MODELDESK_PROFILE_KEY";

/** The `parseArgs` options of a profile given on the command line (the web host's and Electron's). */
export const PROFILE_OPTIONS = {
  "profile-url": { type: "string" },
  "profile-key-file": { type: "string" },
  "profile-key": { type: "string" },
} as const;

export type ProfileArguments = Partial<Record<keyof typeof PROFILE_OPTIONS, string | boolean>>;

export interface CommandLineProfile {
  readonly profile?: { readonly baseUrl: string; readonly key: string };
  /** One line for stderr when the key was given the unsafe way. */
  readonly warning?: string;
}

const KEY_SOURCES = `${PROFILE_KEY_VARIABLE}, --profile-key-file FILE or --profile-key KEY`;
const FLAG_KEY_WARNING = `warning: --profile-key shows the key to every local user (/proc/PID/cmdline); use ${PROFILE_KEY_VARIABLE} or --profile-key-file FILE`;

/**
 * The profile at `--profile-url` with its key from `--profile-key-file` (the file's contents,
 * trimmed), else `--profile-key`, else the environment: an explicit flag wins over an inherited
 * variable. `--profile-key` works but is warned about: every local user can read a process's
 * arguments (/proc/PID/cmdline). Throws with a message for the user when the arguments do not fit.
 */
export function profileFromCommandLine(
  values: ProfileArguments,
  env: Readonly<Record<string, string | undefined>>,
): CommandLineProfile {
  const baseUrl = stringOption(values, "profile-url");
  const keyFile = stringOption(values, "profile-key-file");
  const flagKey = stringOption(values, "profile-key");
  const envKey = env[PROFILE_KEY_VARIABLE] || undefined;
  const key = keyFile !== undefined ? keyFromFile(keyFile) : (flagKey ?? envKey);
  // A key inherited from the environment means nothing without a URL; a key given here does.
  if (baseUrl === undefined && keyFile === undefined && flagKey === undefined) return {};
  if (baseUrl === undefined) throw new Error(`a profile key (from ${KEY_SOURCES}) needs --profile-url`);
  if (key === undefined) throw new Error(`--profile-url needs a key: ${KEY_SOURCES}`);
  return { profile: { baseUrl, key }, warning: flagKey === undefined ? undefined : FLAG_KEY_WARNING };
}

/** `parseArgs` without `strict` gives `true` for a flag that lacks its value. */
function stringOption(values: ProfileArguments, name: keyof typeof PROFILE_OPTIONS): string | undefined {
  const value = values[name];
  if (value === true) throw new Error(`--${name} needs a value`);
  return value || undefined;
}

function keyFromFile(path: string): string {
  let contents: string;
  try {
    contents = readFileSync(path, "utf8");
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    throw new Error(`--profile-key-file: cannot read ${path} (${String(code)})`, { cause: error });
  }
  const key = contents.trim();
  if (key === "") throw new Error(`--profile-key-file: ${path} is empty`);
  return key;
}
