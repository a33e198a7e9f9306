import { parseArgs } from "node:util";

/** `--profile-url URL --profile-key KEY`, as the web host takes them (used by end-to-end tests). */
export function commandLineProfile(argv: readonly string[]): { baseUrl: string; key: string } | undefined {
  const { values } = parseArgs({
    args: argv.slice(1),
    options: { "profile-url": { type: "string" }, "profile-key": { type: "string" } },
    strict: false,
    allowPositionals: true,
  });
  const baseUrl = values["profile-url"];
  const key = values["profile-key"];
  return typeof baseUrl === "string" && typeof key === "string" ? { baseUrl, key } : undefined;
}
