import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Mount {
  /** Why the machine cannot give this test a filesystem of its own (for `skip`), or false when mounted. */
  skip: string | false;
  /** Fills the filesystem, as a full disk is, to its last block or to `leaveBytes` short of it. */
  fill(leaveBytes?: number): void;
  /** Gives back the room `fill` took. */
  makeRoom(): void;
  unmount(): void;
}

/**
 * A tmpfs of `size` (`64m`) mounted at `dir` (created): a data directory that is a filesystem of its own, as a
 * Docker volume or a USB disk is, and a disk that can be filled. Mounting needs root, as CI runs.
 */
export function mountTmpfs(dir: string, size: string): Mount {
  fs.mkdirSync(dir, { recursive: true });
  let skip: string | false = false;
  if (process.getuid?.() !== 0) skip = 'mounting a tmpfs needs root';
  else {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    } catch (error) {
      skip = `this machine does not mount a tmpfs here: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`;
    }
  }
  return {
    skip,
    fill(leaveBytes = 0) {
      const { bavail, bsize } = fs.statfsSync(dir);
      const filler = fs.openSync(path.join(dir, 'filler'), 'w');
      try {
        const chunk = Buffer.alloc(1024 * 1024);
        for (let left = bavail * bsize - leaveBytes; left > 0; left -= chunk.length) fs.writeSync(filler, chunk, 0, Math.min(chunk.length, left));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(filler);
      }
    },
    makeRoom() {
      fs.rmSync(path.join(dir, 'filler'), { force: true });
    },
    unmount() {
      if (!skip) execFileSync('umount', ['--lazy', dir], { stdio: 'pipe' });
    },
  };
}
