import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Who holds a data directory, as written in its lock file: the pid alone says nothing once a pid is reused. */
export interface LockHolder {
  pid: number;
  /** The holder's start time in clock ticks since boot (`/proc/<pid>/stat`), where the system tells it. */
  start?: string;
  /** `/proc/sys/kernel/random/boot_id`: a holder recorded before a reboot is gone, whatever runs under its pid now. */
  boot?: string;
}

type OsLocks = { tryLock(fd: number): boolean };

/**
 * An open-file-description lock (`fcntl(F_OFD_SETLK)`, `flock` on macOS), which the operating system releases when
 * the holder ends however it ends: a kill -9 or a power cut leaves no lock behind, and a pid reused by the next
 * container start proves nothing. Loaded by require so that a platform without the addon's prebuilt binary still
 * starts, on the recorded holder alone.
 */
const osLocks: OsLocks | undefined = (() => {
  try {
    return createRequire(import.meta.url)('fs-native-extensions') as OsLocks;
  } catch {
    return undefined;
  }
})();

/** Lock files this process holds: its own pid in one of these is a second open here, not a leftover. */
const heldHere = new Set<string>();

/**
 * Holds `dataDir` (creating it) for this process: a second process on the same directory is refused with a
 * DataDirLockedError instead of silently losing writes. A lock left by a process that died is taken over. Answers
 * the release, which removes the lock file.
 */
export function lockDataDirectory(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  return acquireLock(path.join(dataDir, 'service.lock'));
}

function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    try {
      const locked = tryOsLock(fd);
      if (locked === false) throw lockedError(lockPath, readHolder(fd));
      // A releasing holder removes the file after this open: the lock then guards a name no one else will find.
      if (locked === true && !isStillAt(fd, lockPath)) {
        fs.closeSync(fd);
        continue;
      }
      if (locked === undefined) {
        const holder = readHolder(fd);
        if (holder && isHolderRunning(holder, lockPath)) throw lockedError(lockPath, holder);
      }
      const record = Buffer.from(`${JSON.stringify(currentHolder())}\n`);
      fs.ftruncateSync(fd, 0);
      fs.writeSync(fd, record, 0, record.length, 0);
      heldHere.add(lockPath);
      return releaser(fd, lockPath);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.dirname(lockPath)}; try again.`);
}

function releaser(fd: number, lockPath: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    try {
      if (isStillAt(fd, lockPath)) fs.rmSync(lockPath, { force: true });
    } finally {
      fs.closeSync(fd);
    }
  };
}

/** True when locked, false when another holds the lock, undefined when this system or filesystem has no such lock. */
function tryOsLock(fd: number): boolean | undefined {
  if (!osLocks) return undefined;
  try {
    return osLocks.tryLock(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') return false;
    // Some network and FUSE filesystems refuse file locks; the recorded holder is all there is then.
    if (['ENOLCK', 'ENOTSUP', 'EOPNOTSUPP', 'EINVAL', 'ENOSYS'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

function isStillAt(fd: number, lockPath: string): boolean {
  try {
    const [open, named] = [fs.fstatSync(fd), fs.statSync(lockPath)];
    return open.ino === named.ino && open.dev === named.dev;
  } catch {
    return false;
  }
}

function lockedError(lockPath: string, holder: LockHolder | undefined): DataDirLockedError {
  return new DataDirLockedError(
    `The data directory ${path.dirname(lockPath)} is in use by another process${holder ? ` (pid ${holder.pid})` : ''}. ` +
      'Stop that process, or set DATA_DIR to another directory.',
  );
}

/** The holder a lock file names: this version's record, or an older version's bare pid. */
function readHolder(fd: number): LockHolder | undefined {
  const size = fs.fstatSync(fd).size;
  const buffer = Buffer.alloc(Math.min(size, 4096));
  const text = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const record = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(record.pid) && record.pid! > 0 ? { pid: record.pid!, start: record.start, boot: record.boot } : undefined;
  } catch {
    return undefined;
  }
}

export function currentHolder(): LockHolder {
  return { pid: process.pid, start: startTimeOf(process.pid), boot: bootId() };
}

/**
 * Whether the process a lock file names is still the one that wrote it. Not this process, unless it holds the lock
 * here (a container restarted after a kill -9 often runs the service under the same pid); not a process of an
 * earlier boot; not a process that started at another time than the recorded one (its pid was reused).
 */
export function isHolderRunning(holder: LockHolder, lockPath: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(lockPath);
  if (!isAlive(holder.pid)) return false;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  const start = startTimeOf(holder.pid);
  return !(holder.start && start && holder.start !== start);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of `/proc/<pid>/stat`, counted after the command name, which may itself hold spaces and parentheses. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

