import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { MutationModule } from "./mutation-modules.ts";

/** One module's score as a run measured it, and where: the commit (with `+changes` when the tree differed) and the day. */
const RecordSchema = z.object({
  score: z.number().nullable(),
  /** Null for a score recorded before its counts were. */
  caught: z.number().int().nullable(),
  missed: z.number().int().nullable(),
  commit: z.string(),
  measuredAt: z.string(),
});
type ScoreRecord = z.infer<typeof RecordSchema>;
const RecordsSchema = z.record(z.string(), RecordSchema);

/**
 * The commit the working tree is at, `+changes` when the module's files differ from it (the score is
 * of code not yet committed); other files being edited meanwhile do not change what was measured.
 */
function commitOf(projectRoot: string, files: readonly string[]): string {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectRoot, encoding: "utf8" }).trim();
  try {
    const commit = git("rev-parse", "--short=12", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no", "--", ...files) === "" ? commit : `${commit}+changes`;
  } catch {
    return "unknown";
  }
}

function scoreText({ score, caught, missed }: ScoreRecord): string {
  if (score === null) return "—";
  return caught === null || missed === null ? `${score} %` : `${score} % (${caught} of ${caught + missed})`;
}

/**
 * Whether a module's files changed after the commit its score was measured at (or the commit is not
 * known): its score then says less of the code as it is.
 */
function isStale(projectRoot: string, commit: string, files: readonly string[]): boolean {
  const measured = commit.replace(/\+changes$/, "");
  try {
    execFileSync("git", ["diff", "--quiet", measured, "HEAD", "--", ...files], { cwd: projectRoot, stdio: "ignore" });
    return commit.endsWith("+changes");
  } catch {
    return true;
  }
}

function table(projectRoot: string, modules: readonly MutationModule[], records: Record<string, ScoreRecord>): string {
  const rows = modules.map((module) => {
    const record = records[module.name];
    if (!record) return `| \`${module.name}\` | ${module.threshold} % | not measured | | |`;
    const stale = isStale(projectRoot, record.commit, module.files) ? " (stale)" : "";
    return `| \`${module.name}\` | ${module.threshold} % | ${scoreText(record)}${stale} | \`${record.commit}\` | ${record.measuredAt} |`;
  });
  return [
    "# Mutation scores",
    "",
    "Written by `npm run test:mutation` (`scripts/mutation-record.ts`) after each module it runs; do not edit by hand.",
    "A score is the share of scored mutants that a test caught (Killed + Timeout over Killed + Timeout + Survived + No",
    "coverage), measured at the commit named (`+changes`: with changes not yet committed); a score is marked stale when",
    "its module's files changed after that commit (or the commit was not recorded), as of when this table was written.",
    "The files of each module and how to run it: [development.md](development.md#mutation-testing).",
    "",
    "| module | threshold | score | commit | measured |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/** Records a module's new score beside the others' and writes the table docs/mutation-scores.md shows. */
export function recordScore(
  projectRoot: string,
  modules: readonly MutationModule[],
  module: MutationModule,
  score: { score: number | null; caught: number; missed: number },
): void {
  const store = join(projectRoot, "docs", "mutation-scores.json");
  const records = existsSync(store) ? RecordsSchema.parse(JSON.parse(readFileSync(store, "utf8"))) : {};
  records[module.name] = {
    ...score,
    commit: commitOf(projectRoot, module.files),
    measuredAt: new Date().toISOString().slice(0, 10),
  };
  writeFileSync(store, `${JSON.stringify(records, null, 2)}\n`);
  writeScoreTable(projectRoot, modules);
}

/** Writes docs/mutation-scores.md from the recorded scores. */
export function writeScoreTable(projectRoot: string, modules: readonly MutationModule[]): void {
  const store = join(projectRoot, "docs", "mutation-scores.json");
  const records = existsSync(store) ? RecordsSchema.parse(JSON.parse(readFileSync(store, "utf8"))) : {};
  writeFileSync(join(projectRoot, "docs", "mutation-scores.md"), table(projectRoot, modules, records));
}
