import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, AlreadyRunningError, LOCK_FILE } from './data-dir-lock';

describe('the data folder lock (one product per data folder)', () => {
  let dir: string;
  let other: ChildProcess | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cosmic-lock-'));
  });
  afterEach(() => {
    other?.kill('SIGKILL');
    other = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes this process and its address, and removes the file on release', () => {
    const lock = acquireDataDirLock(dir, 'http://localhost:3000');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      url: 'http://localhost:3000',
    });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while another live process holds it, naming its pid and address', async () => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    await new Promise((r) => other!.once('spawn', r));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, url: 'http://localhost:3000' }));
    expect(() => acquireDataDirLock(dir, 'http://localhost:3001')).toThrow(
      new AlreadyRunningError({ pid: other.pid!, url: 'http://localhost:3000' }),
    );
    expect(() => acquireDataDirLock(dir, 'http://localhost:3001')).toThrow(
      `Cosmic Casino is already running from this folder (pid ${other.pid}, http://localhost:3000)`,
    );
  });

  it('takes over a lock whose process is gone (a SIGKILLed run) or that a crash left empty', async () => {
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: gone.pid, url: 'http://localhost:3000' }));
    acquireDataDirLock(dir, 'http://localhost:3000').release();

    writeFileSync(join(dir, LOCK_FILE), '');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(join(dir, LOCK_FILE), old, old);
    const lock = acquireDataDirLock(dir, 'http://localhost:3000');
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('never removes a lock another process took meanwhile', () => {
    const lock = acquireDataDirLock(dir, 'http://localhost:3000');
    writeFileSync(lock.file, JSON.stringify({ pid: 999_999_999, url: 'http://localhost:3002' }));
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});
