import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

// Spawns the real CLI (tools/scripts/verify.mjs): `npm run verify -- --receipt <receipt.json>`,
// on a receipt made of the Python reference's vectors (scripts/bet-anchor-vectors.py).
const root = path.resolve(__dirname, '../../../..');
const cli = path.join(root, 'tools/scripts/verify.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-cli-'));
const TXID = 'B'.repeat(52);
const { vectors } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/bet-anchor-vectors.json'), 'utf8'));
const v = vectors[5];

function run(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
const write = (name: string, body: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(body));
  return file;
};
const receipt = {
  status: 'anchored',
  betId: v.bets[6].id,
  record: v.records[6],
  leaf: v.leaves[6],
  path: v.paths[6],
  root: v.root,
  previousRoot: v.previousRoot,
  txid: TXID,
  round: '9',
  anchor: v.anchor,
  time: '2025-11-21T10:00:00.000Z',
};
const good = write('receipt.json', receipt);
const changed = write('changed.json', { ...receipt, record: receipt.record.replace(/"stake":"(\d)/, '"stake":"9$1') });

describe('npm run verify -- --receipt', () => {
  let server: http.Server;
  let note = Buffer.from(v.note, 'hex');
  let indexer = '';

  beforeAll(async () => {
    await run('--receipt', good); // may compile the library first
    server = http.createServer((req, res) => {
      if (req.url !== `/v2/transactions/${TXID}`) return res.writeHead(404).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          transaction: { id: TXID, sender: 'HOUSE', 'confirmed-round': 9, note: note.toString('base64') },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    indexer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => new Promise((r) => server.close(r)));

  it('verifies a receipt offline', async () => {
    const r = await run('--receipt', good);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ok: true, root: v.root, anchoredRootChecked: false });
  });

  it('exits 1 naming a changed record', async () => {
    const r = await run('--receipt', changed);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).error).toMatch(/^SHA-256 of the record is [0-9a-f]{64}, not the receipt's leaf/);
  });

  it('checks the receipt against the note read from the indexer, and refuses another anchor’s note', async () => {
    const ok = await run('--receipt', good, '--indexer', indexer);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({
      ok: true,
      anchoredRootChecked: true,
      anchor: {
        txId: TXID,
        round: '9',
        sender: 'HOUSE',
        commitment: { root: v.root, previousRoot: v.previousRoot, bets: 13 },
      },
    });
    note = Buffer.from(vectors[4].note, 'hex');
    const bad = await run('--receipt', good, '--indexer', indexer);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).error).toBe(`the anchored root is ${vectors[4].root}, not the receipt's ${v.root}`);
  });

  it('exits 2 for a file it cannot read', async () => {
    const r = await run('--receipt', path.join(dir, 'missing.json'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Cannot read the receipt/);
  });
});
