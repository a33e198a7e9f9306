import { parseArgs } from "node:util";
import { PROFILE_OPTIONS, profileFromCommandLine } from "../services/command-line-profile.ts";

/**
 * The profile given on the command line, the way the web host takes it (used by end-to-end
 * tests). Arguments that do not fit are reported on stderr and the app starts without them.
 */
export function commandLineProfile(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): { baseUrl: string; key: string } | undefined {
  const { values } = parseArgs({
    args: argv.slice(1),
    options: PROFILE_OPTIONS,
    strict: false,
    allowPositionals: true,
  });
  try {
    return profileFromCommandLine(values, env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
