import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import {
  FLAG_KEY_REFUSED,
  PROFILE_KEY_VARIABLE,
  PROFILE_OPTIONS,
  profileFromCommandLine,
  type CommandLineProfile,
} from "../services/command-line-profile.ts";
import { PRIVATE_UMASK } from "../services/store/owner-only.ts";
import { isDamage, type DataProblem } from "../services/store/data-files.ts";
import { describeProblem, recoveryActionsFor } from "../services/store/data-recovery.ts";
import { reportUnhandledRejections } from "../common/unhandled-rejections.ts";
import { startWebHost, type RunningWebHost } from "./web-host.ts";

const PackageJsonSchema = z.object({ version: z.string() });

const USAGE = `usage: npm run web -- [--port N] [--data DIR] [--profile-url URL [--profile-key-file FILE]] [--gateway-config FILE]
  --renderer DIR           serve this renderer build (default dist/electron/renderer; npm run web passes the
                           build of the current sources)
  --profile-url URL        use this gateway as the active profile; its key comes from the environment
                           variable ${PROFILE_KEY_VARIABLE} or from --profile-key-file FILE (contents, trimmed);
                           --profile-key KEY is refused: every local user can read a process's arguments.`;

// Refused before parsing, so that a --profile-key missing its value gets the same sentence.
if (process.argv.some((arg) => arg === "--profile-key" || arg.startsWith("--profile-key="))) {
  console.error(`${FLAG_KEY_REFUSED}\n${USAGE}`);
  process.exit(2);
}
const { values } = parseArgs({
  options: {
    port: { type: "string" },
    data: { type: "string" },
    ...PROFILE_OPTIONS,
    "gateway-config": { type: "string" },
    renderer: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

// Everything the host writes (database, media, settings, backups) is for this user's eyes only.
process.umask(PRIVATE_UMASK);
const projectRoot = resolve(import.meta.dirname, "..", "..");
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
  console.error(`--port must be an integer between 0 and 65535\n${USAGE}`);
  process.exit(2);
}
let profile: CommandLineProfile | undefined;
try {
  profile = profileFromCommandLine(values, process.env);
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
reportUnhandledRejections();

/** What keeps the data from opening, found at the start or by the check after it, and what the app offers. */
function sayProblems(problems: readonly DataProblem[]): void {
  for (const problem of problems) {
    console.error(`${isDamage(problem) ? "data damaged" : "data unavailable"}: ${describeProblem(problem)}`);
  }
  if (problems.length === 0) return;
  console.error(
    recoveryActionsFor(problems).includes("retry")
      ? "Open the app to try again once that is done."
      : "Open the app to restore the latest backup or start fresh.",
  );
}

try {
  const { version } = PackageJsonSchema.parse(JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")));
  const rendererDir = resolve(values.renderer ?? join(projectRoot, "dist", "electron", "renderer"));
  if (!existsSync(join(rendererDir, "index.html"))) {
    console.error(
      `No renderer build in ${rendererDir}: run npm run build (npm start and npm run web build it for you).`,
    );
    process.exit(2);
  }
  // The address goes out once the host listens; the services open behind it (web-host.ts).
  let atStart: readonly DataProblem[] = [];
  const starting: Promise<RunningWebHost> = startWebHost({
    ...(port === undefined ? {} : { port }),
    dataDir: resolve(values.data ?? join(projectRoot, ".modeldesk-web")),
    rendererDir,
    version,
    ...(profile ? { profile } : {}),
    ...(values["gateway-config"]
      ? { localGatewayConfig: JSON.parse(readFileSync(values["gateway-config"], "utf8")) }
      : {}),
    onDamageFound: sayProblems,
    onListening(listening) {
      atStart = listening.problems;
      sayProblems(atStart);
      // Before the address: whoever reads it may stop the host at once, and it then closes as it
      // should, once the services have opened.
      const shutdown = () =>
        void starting.then(
          (host) => host.close().then(() => process.exit(0)),
          () => process.exit(1),
        );
      process.on("SIGINT", shutdown);
      process.on("SIGTERM", shutdown);
      console.log(`app at ${listening.appUrl}`);
      console.log(`quick chat at ${listening.quickChatUrl}`);
    },
  });
  const host = await starting;
  // What the services' open found (a place that refuses writes) beyond the start's check.
  if (host.problems.length > atStart.length) sayProblems(host.problems);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
