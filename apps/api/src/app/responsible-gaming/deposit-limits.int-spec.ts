import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';
import { DepositsService } from '../cashier/deposits.service';
import { createIntApp } from '../../test/int-app';
import { chainClients, deposit, verifiedPlayer } from '../../test/chain';
import { ledgerExact } from '../../test/seeds';

describe('deposit limits against the devnet: build-deposit refuses beyond them, a transfer sent anyway is credited with its excess locked from play (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  const net = chainClients();

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(async () => {
    await app.get(DepositsService).scan();
    await app.close();
  });

  it('the lowest deposit limit wins; the excess of a deposit sent anyway is credited, locked from play for its window, and still counts exactly', async () => {
    const w = net.chain.wallets.find((x) => x.label === 'player-4');
    if (!w) throw new Error('no player-4 wallet');
    const p = await verifiedPlayer(app, w);
    await app.get(DepositsService).scan(); // anything this wallet sent before is credited first
    const start = BigInt((await ledgerExact(sql, p.id))['AMINA'] ?? '0');

    const set = await p.post('/api/responsible-gaming/limits', {
      walletAddress: w.address,
      limits: [
        { kind: 'deposit', currency: 'AMINA', period: '24h', value: '1' },
        { kind: 'deposit', currency: 'AMINA', period: '7d', value: '3' },
        { kind: 'deposit', currency: 'AMINA', period: '30d', value: '0.6' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.left.depositAMINA).toBe('0.6');

    const intents = async () =>
      (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM deposit_intents WHERE user_id = $1`, [p.id]))[0].n;
    const intentsBefore = await intents();
    expect(await p.post('/api/crypto/build-deposit', { walletAddress: w.address, amount: '0.7' })).toEqual({
      status: 429,
      body: {
        statusCode: 429,
        error: 'DEPOSIT_LIMIT',
        message: 'This deposit would pass your 30-day deposit limit: you can deposit up to 0.6 AMINA now',
      },
    });
    expect(await intents()).toBe(intentsBefore);

    // within the limit: built, sent, credited whole, nothing locked
    const within = await deposit(p, w.mnemonic, '0.5');
    expect((await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId: within })).body).toEqual({
      txId: within,
      status: 'credited',
      amount: '0.5',
    });
    let limits = (await p.get('/api/responsible-gaming/limits')).body;
    expect(limits.left.depositAMINA).toBe('0.1');
    expect(limits.depositLocked).toBeNull();
    expect(
      limits.limits
        .filter((l: { kind: string }) => l.kind === 'deposit')
        .map((l: { used: string; left: string }) => [l.used, l.left]),
    ).toEqual([
      ['0.5', '0.5'],
      ['0.5', '2.5'],
      ['0.5', '0.1'],
    ]);

    // 0.3 AMINA sent anyway, straight from the wallet without build-deposit: 0.2 past the 30-day limit
    const params = await net.algod.getTransactionParams().do();
    const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: w.address,
      receiver: net.chain.houseAddress,
      amount: 30_000_000n,
      assetIndex: BigInt(net.chain.assetId),
      suggestedParams: params,
    });
    const { txid } = await net.algod.sendRawTransaction(txn.signTxn(algosdk.mnemonicToSecretKey(w.mnemonic).sk)).do();
    await algosdk.waitForConfirmation(net.algod, txid, 5);
    await app.get(DepositsService).scan();
    const [row] = await sql.query<{ status: string; amount: string; play_locked: string; days: string }>(
      `SELECT status, amount, play_locked, round(extract(epoch FROM locked_until - created_at) / 86400) AS days
         FROM chain_deposits WHERE tx_id = $1`,
      [txid],
    );
    expect(row).toEqual({ status: 'credited', amount: '30000000', play_locked: '20000000', days: '30' });
    // never lost: the whole 0.8 AMINA is on the balance and the ledger
    const balance = start + 80_000_000n;
    expect(await ledgerExact(sql, p.id)).toMatchObject({ AMINA: String(balance) });
    limits = (await p.get('/api/responsible-gaming/limits')).body;
    expect(limits.left.depositAMINA).toBe('0');
    expect(limits.depositLocked).toMatchObject({ amount: '0.2' });

    // the locked 0.2 cannot be staked; the rest can
    const bet = (betAmount: string) =>
      p.post('/api/games/dice', { walletAddress: w.address, currency: 'AMINA', betAmount, betType: 'low' });
    const playable = balance - 20_000_000n;
    const refused = await bet(money(playable + 1n));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('DEPOSIT_LOCKED');
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Part of your AMINA came from a deposit beyond your deposit limit and is locked from play until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: you can stake ${money(playable).replace('.', '\\.')} AMINA now \\(it can still be withdrawn\\)$`,
      ),
    );
    expect(await ledgerExact(sql, p.id)).toMatchObject({ AMINA: String(balance) });
    expect((await bet('0.1')).status).toBe(200);

    // the window allows it again: the lock ends and nothing is held back
    await sql.query(`UPDATE chain_deposits SET locked_until = now() - interval '1 second' WHERE tx_id = $1`, [txid]);
    expect((await p.get('/api/responsible-gaming/limits')).body.depositLocked).toBeNull();
    await ledgerExact(sql, p.id);

    // each window counts the deposits of its own days: the 0.8 AMINA aged 2 days leaves the 24 h
    // window, 8 days the 7-day one, 31 days all three
    const usedAfter = async (days: number) => {
      await sql.query(
        `UPDATE chain_deposits SET created_at = now() - make_interval(days => $2) - interval '1 minute' WHERE user_id = $1`,
        [p.id, days],
      );
      const body = (await p.get('/api/responsible-gaming/limits')).body;
      const rows = body.limits
        .filter((l: { kind: string }) => l.kind === 'deposit')
        .map((l: { period: string; used: string; left: string }) => [l.period, l.used, l.left]);
      return { rows, left: body.left.depositAMINA };
    };
    expect(await usedAfter(2)).toEqual({
      rows: [
        ['24h', '0', '1'],
        ['7d', '0.8', '2.2'],
        ['30d', '0.8', '0'],
      ],
      left: '0',
    });
    expect(await usedAfter(8)).toEqual({
      rows: [
        ['24h', '0', '1'],
        ['7d', '0', '3'],
        ['30d', '0.8', '0'],
      ],
      left: '0',
    });
    expect(await usedAfter(31)).toEqual({
      rows: [
        ['24h', '0', '1'],
        ['7d', '0', '3'],
        ['30d', '0', '0.6'],
      ],
      left: '0.6',
    });
  });
});
