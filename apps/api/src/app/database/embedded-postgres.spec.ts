import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { letOthersTraverse, localSocketDir } from './embedded-postgres';

describe('letOthersTraverse (PostgreSQL runs as its own user when we are root)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'traverse-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const mode = (p: string) => statSync(p).mode & 0o777;

  it('adds only the others-execute bit to each closed folder on the way up', () => {
    const inner = join(root, 'a', 'b');
    mkdirSync(inner, { recursive: true });
    chmodSync(root, 0o700);
    chmodSync(join(root, 'a'), 0o750);
    chmodSync(inner, 0o700);
    const lines: string[] = [];

    letOthersTraverse(inner, (l) => lines.push(l));

    expect(mode(root)).toBe(0o701);
    expect(mode(join(root, 'a'))).toBe(0o751);
    expect(mode(inner)).toBe(0o701);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(inner);
  });

  it('leaves folders others can already enter untouched', () => {
    chmodSync(root, 0o755);
    const lines: string[] = [];
    letOthersTraverse(root, (l) => lines.push(l));
    expect(mode(root)).toBe(0o755);
    expect(lines.filter((l) => l.startsWith(root))).toEqual([]);
  });
});

describe('localSocketDir (the API reaches its embedded server through a Unix socket)', () => {
  it('puts the socket in the data folder', () => {
    expect(localSocketDir('/tmp/cosmic-data/pg', 23400)).toBe('/tmp/cosmic-data/pg');
  });

  it('has none when the socket path would pass the 107 bytes a socket path may have (clients use TCP)', () => {
    const fits = '/' + 'd'.repeat(107 - '/.s.PGSQL.23400'.length - 1);
    expect(`${fits}/.s.PGSQL.23400`).toHaveLength(107);
    expect(localSocketDir(fits, 23400)).toBe(fits);
    expect(localSocketDir(`${fits}x`, 23400)).toBeUndefined();
  });
});
