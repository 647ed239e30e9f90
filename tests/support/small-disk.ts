import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server";

/**
 * A small disk for the server's database: a tmpfs of `bytes`, mounted on `dir` inside a
 * mount namespace of the server's own (`unshare --mount --map-root-user`: Linux with
 * util-linux; no root needed where unprivileged user namespaces are allowed, and root
 * may always). Nothing outside the server sees the mount, and it goes with the server.
 * Writing a filler file on it leaves SQLite exactly as much room as a test wants: the
 * database then meets a real "No space left on device" (SQLITE_FULL).
 *
 * From outside, the disk is reached through the server's /proc/PID/root for plain files,
 * and through nsenter for SQLite, which resolves the /proc/PID/root link to "/" and
 * would open a file of the same name on the real disk instead.
 */
export function smallDisk(dir: string, bytes: number) {
  fs.mkdirSync(dir, { recursive: true });
  // sh -c SCRIPT NAME SIZE DIR COMMAND...: mounts, then becomes the server.
  const launcher = ["unshare", "--mount", "--map-root-user", "sh", "-c", 'mount -t tmpfs -o size="$1" tmpfs "$2" && shift 2 && exec "$@"', "small-disk", String(bytes), dir];

  const seenFrom = (pid: number) => path.join(`/proc/${pid}/root`, dir);
  const filler = (pid: number) => path.join(seenFrom(pid), "filler");

  function freeBytes(pid: number): number {
    const stats = fs.statfsSync(seenFrom(pid));
    return stats.bavail * stats.bsize;
  }

  /** Grows or shrinks the filler file until `bytes` (rounded down to whole blocks) are free. */
  function leaveFree(pid: number, wanted: number) {
    const file = filler(pid);
    const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
    const free = freeBytes(pid);
    if (free < wanted) {
      fs.truncateSync(file, Math.max(0, size - (wanted - free)));
    } else if (free > wanted) {
      const fd = fs.openSync(file, "a");
      const zeros = Buffer.alloc(64 * 1024);
      try {
        let left = free - wanted;
        while (left > 0) {
          const written = fs.writeSync(fd, zeros, 0, Math.min(left, zeros.length));
          left -= written;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
    }
  }

  /** Runs `script` (CommonJS, with `Database` = better-sqlite3 and `databasePath`) in the server's namespace; its JSON output. */
  function inServerNamespace<T>(pid: number, databasePath: string, script: string): T {
    const program = `const Database = require(${JSON.stringify(path.join(ROOT, "node_modules", "better-sqlite3"))}); const databasePath = process.argv[1]; ${script}`;
    const output = execFileSync("nsenter", ["-t", String(pid), "--user", "--mount", "--preserve-credentials", process.execPath, "-e", program, databasePath], {
      encoding: "utf8",
    });
    return JSON.parse(output) as T;
  }

  return { launcher, freeBytes, leaveFree, removeFiller: (pid: number) => fs.rmSync(filler(pid), { force: true }), inServerNamespace };
}
