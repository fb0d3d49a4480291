import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { randomBytes } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
import { verifiedPlayer } from '../../test/chain';
import { PROOF_REQUIRED_CODE, PROOF_REQUIRED_TO_READ } from './ownership';

// Issue 37 item 6: anyone may open a watch-only session for any address (an address is public). Such
// a session read the player's self-exclusion (`selfExcludedUntil`) and loss limits, and their
// withdrawals' destinations and txids. Those are the proven owner's (or the guest's own) only.

describe('what a watch-only session may not read (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  it("a watch-only session of a player's address gets 403 for their limits, self-exclusion and withdrawals; the proven owner reads them", async () => {
    const account = algosdk.generateAccount();
    const address = account.addr.toString();
    const owner = await verifiedPlayer(app, { address, mnemonic: algosdk.secretKeyToMnemonic(account.sk) });
    expect(
      (await owner.post('/api/responsible-gaming/self-exclude', { walletAddress: address, period: '6m' })).status,
    ).toBe(200);
    // a withdrawal of theirs, sent to an address of their choosing
    const destination = algosdk.generateAccount().addr.toString();
    const txId = 'T'.repeat(52);
    const [w] = await sql.query<{ id: string }>(
      `INSERT INTO withdrawals (user_id, amount, to_address, status, lease, tx_id) VALUES ($1, 1000, $2, 'confirmed', $3, $4) RETURNING id`,
      [owner.id, destination, randomBytes(32), txId],
    );
    try {
      const watcher = await signIn(app, address); // anyone can type the address
      const reads = [
        `/api/responsible-gaming/limits?walletAddress=${address}`,
        `/api/crypto/transactions?walletAddress=${address}`,
        `/api/crypto/withdrawals/${w.id}`,
        `/api/crypto/withdraw/limits?walletAddress=${address}`,
      ];
      for (const url of reads) {
        const refused = await watcher.get(url);
        expect({ url, ...refused }).toEqual({
          url,
          status: 403,
          body: { statusCode: 403, error: PROOF_REQUIRED_CODE, message: PROOF_REQUIRED_TO_READ },
        });
        expect(JSON.stringify(refused.body)).not.toContain(destination);
      }

      const limits = await owner.get(`/api/responsible-gaming/limits?walletAddress=${address}`);
      expect(limits.status).toBe(200);
      expect(limits.body.selfExcludedUntil).toEqual(expect.any(String));
      const history = await owner.get(`/api/crypto/transactions?walletAddress=${address}`);
      expect(history.body).toEqual([expect.objectContaining({ kind: 'withdrawal', address: destination, txId })]);
      expect((await owner.get(`/api/crypto/withdrawals/${w.id}`)).body).toMatchObject({
        toAddress: destination,
        txId,
      });
      expect((await owner.get(`/api/crypto/withdraw/limits?walletAddress=${address}`)).status).toBe(200);

      // what watch-only may still read: the account itself and its bets
      expect((await watcher.get(`/api/users/${address}`)).status).toBe(200);
      expect((await watcher.get(`/api/bets?walletAddress=${address}`)).status).toBe(200);
    } finally {
      await sql.query(`DELETE FROM withdrawals WHERE id = $1`, [w.id]);
    }
  });

  it('a guest reads its own limits and history without any signature', async () => {
    const guest = await signIn(app);
    expect((await guest.get(`/api/responsible-gaming/limits?walletAddress=${guest.walletAddress}`)).status).toBe(200);
    expect((await guest.get(`/api/crypto/transactions?walletAddress=${guest.walletAddress}`)).status).toBe(200);
  });
});
