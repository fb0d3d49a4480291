import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file in DATA_DIR naming the process that owns the folder's database and devnet. */
export const LOCK_FILE = 'cosmic-casino.pid';

/** What the lock file holds. */
export interface LockHolder {
  pid: number;
  url: string;
  startedAt?: string;
}

/** Another live process already runs the product from this data folder. */
export class AlreadyRunningError extends Error {
  constructor(readonly holder: LockHolder) {
    super(`Cosmic Casino is already running from this folder (pid ${holder.pid}, ${holder.url})`);
    this.name = 'AlreadyRunningError';
  }
}

/** A held lock; release() removes the file if it still names this process. */
export interface DataDirLock {
  file: string;
  release(): void;
}

/**
 * Takes `<dataDir>/cosmic-casino.pid` for this process before anything in the folder is touched:
 * a second start would otherwise start PostgreSQL again on the same data, fail on the devnet's
 * port and, on its way out, stop the database the first one uses. A lock whose process is gone
 * (a SIGKILLed run) is taken over.
 */
export function acquireDataDirLock(dataDir: string, url: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const file = join(dataDir, LOCK_FILE);
  const body = `${JSON.stringify({ pid: process.pid, url, startedAt: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeFileSync(file, body, { flag: 'wx' });
      const onExit = () => releaseIfMine(file);
      process.once('exit', onExit);
      return {
        file,
        release: () => {
          process.removeListener('exit', onExit);
          releaseIfMine(file);
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readLockHolder(file);
    if (holder === 'unreadable') {
      // another start is writing it right now (or a crash left it empty: stale once it is old)
      if (Date.now() - mtimeMs(file) < 2000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
    } else if (holder && holder.pid !== process.pid && isRunning(holder.pid)) {
      throw new AlreadyRunningError(holder);
    }
    rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new Error(`could not take the lock ${file}`);
}

/** The holder named by a lock file, null when there is none, 'unreadable' when it is half written. */
export function readLockHolder(file: string): LockHolder | null | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return 'unreadable';
    return { pid: parsed.pid as number, url: String(parsed.url ?? ''), startedAt: parsed.startedAt };
  } catch {
    return 'unreadable';
  }
}

/** Whether `pid` is a live process (and, where /proc tells, a Node process: pids get reused). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/i.test(cmd);
  } catch {
    return true; // no /proc: trust the signal check
  }
}

function releaseIfMine(file: string): void {
  const holder = readLockHolder(file);
  if (holder && holder !== 'unreadable' && holder.pid === process.pid) rmSync(file, { force: true });
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
