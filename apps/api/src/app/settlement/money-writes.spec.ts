import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// One rule, one place: only the settlement module's live SQL files (settlement/sql/*.sql) write
// `bets`, `ledger` and `balances`. Any other source file of the app that does fails here. Merged
// migrations keep their history and are not read; tests may write what they need.

const APP = join(__dirname, '..');
const MONEY_WRITE =
  /\b(?:INSERT\s+INTO\s+(?:ledger|bets|balances)\b(?!_)|UPDATE\s+(?:ledger|bets|balances)\b(?!_)|DELETE\s+FROM\s+(?:ledger|bets|balances)\b(?!_))/i;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return /\.(ts|sql)$/.test(name) && !/\.(spec|int-spec|rel-spec)\.ts$/.test(name) ? [path] : [];
  });
}

describe('money writes', () => {
  const files = sources(APP).map((f) => relative(APP, f));

  it('reads the app: its services and every live SQL file', () => {
    expect(files).toEqual(
      expect.arrayContaining(['settlement/settlement.repository.ts', 'settlement/sql/settle_bets.sql']),
    );
  });

  it('only settlement/sql/*.sql writes bets, ledger or balances', () => {
    const writers = files.filter((f) => MONEY_WRITE.test(readFileSync(join(APP, f), 'utf8')));
    expect(writers.filter((f) => !f.startsWith('settlement/sql/'))).toEqual([]);
    expect(writers.sort()).toEqual([
      'settlement/sql/close_idle_guests.sql',
      'settlement/sql/ledger_move.sql',
      'settlement/sql/open_balances.sql',
      'settlement/sql/settle_bets.sql',
    ]);
  });

  it('one primitive per movement: a bet is written only by settle_bets(), any other move by ledger_move()', () => {
    const writing = (pattern: RegExp) =>
      files.filter((f) => f.startsWith('settlement/sql/') && pattern.test(readFileSync(join(APP, f), 'utf8'))).sort();
    expect(writing(/INSERT\s+INTO\s+bets\b(?!_)/i)).toEqual(['settlement/sql/settle_bets.sql']);
    expect(writing(/INSERT\s+INTO\s+ledger\b(?!_)/i)).toEqual([
      'settlement/sql/ledger_move.sql',
      'settlement/sql/settle_bets.sql',
    ]);
    expect(writing(/UPDATE\s+balances\b(?!_)/i)).toEqual([
      'settlement/sql/ledger_move.sql',
      'settlement/sql/settle_bets.sql',
    ]);
  });

  it('sees a write where there is one (the pattern is not blind)', () => {
    expect(MONEY_WRITE.test('  UPDATE balances SET amount = 0')).toBe(true);
    expect(MONEY_WRITE.test('INSERT INTO ledger (user_id) VALUES (1)')).toBe(true);
    expect(MONEY_WRITE.test('DELETE FROM bets WHERE id = 1')).toBe(true);
    expect(MONEY_WRITE.test('INSERT INTO ledger_checkpoints (partition) VALUES (1)')).toBe(false);
  });
});
