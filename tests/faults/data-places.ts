import { execFileSync } from "node:child_process";
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/local-gateway.ts";

const IS_ROOT = process.getuid?.() === 0;

/** Whether this process may mount a tmpfs (root, with the capability a container may withhold). */
function mountWorks(): boolean {
  if (process.platform !== "linux" || !IS_ROOT) return false;
  const probe = tempDir("mount-probe-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe]);
    return true;
  } catch {
    return false;
  }
}

/** Root ignores file modes, so a read-only or full place is a tmpfs of its own there; elsewhere, modes do. */
export const CAN_MOUNT = mountWorks();
/** A full disk needs a tmpfs of its own; a read-only folder, that or a user whom modes bind. */
export const CAN_MAKE_READ_ONLY = CAN_MOUNT || !IS_ROOT;

export interface DataPlace {
  readonly dir: string;
  readOnly(): void;
  writable(): void;
  /** Fills the disk until it refuses a byte; `free` removes the filling. */
  fill(): void;
  free(): void;
  close(): void;
}

/** A data folder on a small disk of its own (a tmpfs when running as root). */
export function dataPlace(sizeMegabytes = 16): DataPlace {
  const dir = tempDir("place-");
  if (CAN_MOUNT) execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMegabytes}m,mode=0700`, "tmpfs", dir]);
  const remount = (mode: "ro" | "rw") => execFileSync("mount", ["-o", `remount,${mode}`, dir]);
  const fillerIn = join(dir, "filler.bin");
  return {
    dir,
    readOnly: () => (CAN_MOUNT ? remount("ro") : chmodSync(dir, 0o500)),
    writable: () => (CAN_MOUNT ? remount("rw") : chmodSync(dir, 0o700)),
    fill() {
      if (!CAN_MOUNT) throw new Error("a full disk needs a tmpfs of its own (root)");
      try {
        writeFileSync(fillerIn, Buffer.alloc(sizeMegabytes * 1024 * 1024));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    },
    free: () => rmSync(fillerIn, { force: true }),
    close() {
      if (CAN_MOUNT) execFileSync("umount", ["-l", dir]);
    },
  };
}
