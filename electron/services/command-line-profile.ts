import { readFileSync } from "node:fs";

/** Where a profile's key is best given: a process's environment is readable only by its own user. */
export const PROFILE_KEY_VARIABLE = "MODELDESK_PROFILE_KEY";

/**
 * The `parseArgs` options of a profile given on the command line (the web host's and Electron's).
 * `--profile-key` is listed only to be refused with a sentence of its own rather than as unknown.
 */
export const PROFILE_OPTIONS = {
  "profile-url": { type: "string" },
  "profile-key-file": { type: "string" },
  "profile-key": { type: "string" },
} as const;

type ProfileArguments = Partial<Record<keyof typeof PROFILE_OPTIONS, string | boolean>>;

export interface CommandLineProfile {
  readonly baseUrl: string;
  readonly key: string;
}

const KEY_SOURCES = `${PROFILE_KEY_VARIABLE} or --profile-key-file FILE`;
export const FLAG_KEY_REFUSED = `--profile-key is refused: a command line is readable by every local user (/proc/PID/cmdline) and npm prints it, so give the key through ${PROFILE_KEY_VARIABLE} or --profile-key-file FILE.`;

/**
 * The profile at `--profile-url` with its key from `--profile-key-file` (the file's contents,
 * trimmed), else from the environment; none when no URL is given. Throws with a message for the
 * user when the arguments do not fit, and always for `--profile-key`, whose key every local user
 * could read in the process list.
 */
export function profileFromCommandLine(
  values: ProfileArguments,
  env: Readonly<Record<string, string | undefined>>,
): CommandLineProfile | undefined {
  if (values["profile-key"] !== undefined) throw new Error(FLAG_KEY_REFUSED);
  const baseUrl = stringOption(values, "profile-url");
  const keyFile = stringOption(values, "profile-key-file");
  // A key inherited from the environment means nothing without a URL; a key file given here does.
  if (baseUrl === undefined && keyFile === undefined) return undefined;
  if (baseUrl === undefined) throw new Error("--profile-key-file needs --profile-url");
  const key = keyFile !== undefined ? keyFromFile(keyFile) : env[PROFILE_KEY_VARIABLE] || undefined;
  if (key === undefined) throw new Error(`--profile-url needs a key: ${KEY_SOURCES}`);
  return { baseUrl, key };
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
