import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { MUTATION_MODULES, type MutationModule } from "./mutation-modules.ts";
import { recordScore } from "./mutation-record.ts";
import { mergeReports, moduleScore, type MutationReport } from "./mutation-scores.ts";

/**
 * `npm run test:mutation [-- --mutate FILE] [--module NAME] [other Stryker options]`: mutation
 * testing (Stryker, incremental) module by module, one JSON line per module on stdout
 * (`{"name":"mutation_score_<module>","value":…}`), each whole module's score recorded with its
 * commit in docs/mutation-scores.md, exit 1 when a module is under its threshold.
 * Stryker's own output goes to stderr. See docs/development.md.
 */
const projectRoot = resolve(import.meta.dirname, "..");
const reportDir = join(projectRoot, "reports", "mutation");

interface Request {
  readonly mutate: string[];
  readonly modules: string[];
  readonly passthrough: string[];
}

function parseArgs(args: readonly string[]): Request {
  const request: Request = { mutate: [], modules: [], passthrough: [] };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const list = flag === "--mutate" || flag === "-m" ? request.mutate : flag === "--module" ? request.modules : null;
    if (list === null) request.passthrough.push(arg);
    else list.push(...(inline ?? args[(index += 1)] ?? "").split(",").filter(Boolean));
  }
  return request;
}

const asProjectPath = (file: string): string =>
  (isAbsolute(file) ? relative(projectRoot, file) : file).replace(/\\/g, "/").replace(/^\.\//, "");

/** The modules to run, and which of their files: those asked for, else all of them. */
function selection(request: Request): { module: MutationModule; files: readonly string[] }[] {
  const known = MUTATION_MODULES.map(({ name }) => name);
  const unknown = request.modules.filter((name) => !known.includes(name));
  const wanted = request.mutate.map(asProjectPath);
  const stray = wanted.filter((file) => !MUTATION_MODULES.some((module) => module.files.includes(file)));
  if (unknown.length > 0 || stray.length > 0) {
    console.error(`Not a mutation module: ${[...unknown, ...stray].join(", ")}`);
    console.error(MUTATION_MODULES.map((module) => `  ${module.name}: ${module.files.join(", ")}`).join("\n"));
    process.exit(2);
  }
  return MUTATION_MODULES.flatMap((module) => {
    const files = wanted.length > 0 ? module.files.filter((file) => wanted.includes(file)) : module.files;
    const named = request.modules.length === 0 || request.modules.includes(module.name);
    return named && files.length > 0 ? [{ module, files }] : [];
  });
}

function readReport(path: string): MutationReport | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as MutationReport) : null;
}

/** stryker.config.json with the module's test pool and a sandbox of its own, so modules can run side by side. */
function strykerConfig(module: MutationModule): object {
  const { $schema: _schema, ...base } = JSON.parse(readFileSync(join(projectRoot, "stryker.config.json"), "utf8")) as {
    $schema?: string;
    vitest: object;
  };
  const tempDirName = `.stryker-tmp/${module.name}`;
  return { ...base, tempDirName, vitest: { ...base.vitest, pool: module.pool ?? "threads" } };
}

/** Runs Stryker on `files` with the module's tests; the module's stored report doubles as the incremental file. */
function runModule(module: MutationModule, files: readonly string[], passthrough: readonly string[]): boolean {
  const stored = join(reportDir, `${module.name}.json`);
  const run = join(reportDir, `${module.name}.run.json`);
  const config = join(reportDir, `${module.name}.stryker.json`);
  writeFileSync(config, JSON.stringify(strykerConfig(module)));
  if (existsSync(stored)) copyFileSync(stored, run);
  else rmSync(run, { force: true });
  console.error(`\nMutation testing ${module.name}: ${files.join(", ")}`);
  const result = spawnSync(
    "npx",
    ["stryker", "run", config, "--mutate", files.join(","), "--incrementalFile", run, ...passthrough],
    {
      cwd: projectRoot,
      stdio: ["inherit", process.stderr.fd, process.stderr.fd],
      // Read by vite.config.ts: Stryker's own `testFiles` option would run static mutants inactive.
      env: { ...process.env, MODELDESK_MUTATION_TESTS: module.tests.join(",") },
    },
  );
  const report = result.status === 0 ? readReport(run) : null;
  rmSync(run, { force: true });
  if (report === null) return false;
  writeFileSync(stored, JSON.stringify(mergeReports(readReport(stored), report)));
  return true;
}

const request = parseArgs(process.argv.slice(2));
mkdirSync(reportDir, { recursive: true });
let failed = false;
for (const { module, files } of selection(request)) {
  if (!runModule(module, files, request.passthrough)) {
    console.error(`Stryker failed on ${module.name}`);
    failed = true;
    continue;
  }
  const { score, caught, missed, unmeasured } = moduleScore(
    readReport(join(reportDir, `${module.name}.json`))!,
    module.files,
  );
  console.log(JSON.stringify({ name: `mutation_score_${module.name}`, value: score }));
  // Only a whole module's score is recorded: one file's run measures the others from earlier runs.
  if (request.mutate.length === 0 && unmeasured.length === 0)
    recordScore(projectRoot, MUTATION_MODULES, module, { score, caught, missed });
  const under = score === null || score < module.threshold;
  console.error(
    `${module.name}: ${score ?? "no"} % (${caught} caught, ${missed} missed), threshold ${module.threshold} %` +
      (unmeasured.length > 0 ? `; not yet run: ${unmeasured.join(", ")}` : "") +
      (under ? " — UNDER THRESHOLD" : ""),
  );
  failed ||= under;
}
process.exit(failed ? 1 : 0);
