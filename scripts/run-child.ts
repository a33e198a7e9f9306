import { spawn } from "node:child_process";

/** Runs a command as this process would: same terminal, signals passed on, its exit code ours. */
export function runInPlace(command: string, args: string[], cwd: string): void {
  const child = spawn(command, args, { cwd, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
}
