import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { layoutReserves } from './layout';
import { reservesNote } from './note';
import { reservesProof } from './proof';
import { buildReservesTree } from './tree';

// Spawns the real CLI (tools/scripts/verify.mjs): `npm run verify -- --reserves <proof.json>`.
const root = path.resolve(__dirname, '../../../..');
const cli = path.join(root, 'tools/scripts/verify.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reserves-cli-'));
const TXID = 'A'.repeat(52);

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

const tree = buildReservesTree(
  layoutReserves(
    [1n, 2n, 3n].map((id) => ({ userId: id, balance: id * 100_000_000n })),
    'cd'.repeat(32),
  ),
);
const proof = reservesProof(tree, 2n, {
  snapshotId: '4',
  takenAt: '2025-11-21T10:00:00.000Z',
  anchor: { txId: TXID, round: '55', network: 'devnet' },
})!;
const write = (name: string, body: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(body));
  return file;
};
const good = write('proof.json', proof);
// a share lowered, and the balance with it: the shares still add up, but the path no longer leads to the root
const tampered = write('tampered.json', {
  ...proof,
  balance: '199999999',
  leaves: proof.leaves.map((l, i) => (i === 0 ? { ...l, amount: (BigInt(l.amount) - 1n).toString() } : l)),
});

describe('npm run verify -- --reserves', () => {
  let server: http.Server;
  let note = reservesNote({
    snapshot: '4',
    root: tree.root.hash,
    liabilities: tree.root.sum.toString(),
    leaves: 256,
    ledger: '10',
    round: '50',
  });
  let indexer = '';

  beforeAll(async () => {
    await run('--reserves', good); // may compile the library first
    server = http.createServer((req, res) => {
      if (req.url !== `/v2/transactions/${TXID}`) return res.writeHead(404).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          transaction: {
            id: TXID,
            sender: 'HOUSE',
            'confirmed-round': 55,
            note: Buffer.from(note).toString('base64'),
          },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    indexer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => new Promise((r) => server.close(r)));

  it('verifies a proof on its own and against the root and total given', async () => {
    const alone = await run('--reserves', good);
    expect(alone.code).toBe(0);
    expect(JSON.parse(alone.out)).toEqual({
      ok: true,
      snapshotId: '4',
      userId: '2',
      balance: '200000000',
      rootHash: tree.root.hash,
      liabilities: '600000000',
      leafCount: 256,
      shares: 8,
      anchoredRootChecked: false,
    });
    const anchored = await run('--reserves', good, '--root', tree.root.hash, '--total', '600000000');
    expect(anchored.code).toBe(0);
    expect(JSON.parse(anchored.out).anchoredRootChecked).toBe(true);
  });

  it('exits 1 naming the problem for an altered proof or another total', async () => {
    const bad = await run('--reserves', tampered);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).error).toMatch(/^leaves\[0\]: the path leads to [0-9a-f]{64}, not to the root/);
    const other = await run('--reserves', good, '--root', tree.root.hash, '--total', '500000000');
    expect(other.code).toBe(1);
    expect(JSON.parse(other.out).error).toBe("the proof's total 600000000 is not the anchored total 500000000");
  });

  it('reads the anchored root from the indexer, and refuses a note with another root', async () => {
    const ok = await run('--reserves', good, '--indexer', indexer);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).anchor).toEqual({
      txId: TXID,
      round: '55',
      sender: 'HOUSE',
      commitment: {
        snapshot: '4',
        root: tree.root.hash,
        liabilities: '600000000',
        leaves: 256,
        ledger: '10',
        round: '50',
      },
    });
    note = reservesNote({
      snapshot: '4',
      root: 'ab'.repeat(32),
      liabilities: '600000000',
      leaves: 256,
      ledger: '10',
      round: '50',
    });
    const bad = await run('--reserves', good, '--indexer', indexer);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).error).toBe(
      `the proof's root ${tree.root.hash} is not the anchored root ${'ab'.repeat(32)}`,
    );
  });

  it('exits 2 on usage errors', async () => {
    expect((await run('--reserves', path.join(dir, 'missing.json'))).code).toBe(2);
    expect((await run('--reserves', good, '--root', tree.root.hash)).code).toBe(2);
  });
});
