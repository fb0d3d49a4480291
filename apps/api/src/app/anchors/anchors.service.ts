import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  betAnchorNote,
  betLeaf,
  betPath,
  betRecord,
  betTreeRoot,
  buildBetTree,
  type BetTreeLevels,
  type Sha256,
} from '@cosmic/game-engine';
import type { AnchorChain, BetReceipt } from '@cosmic/contracts';
import { AlgorandClient } from '../chain/algorand.client';
import type { SignedHouseTransfer } from '../chain/chain.types';
import { ConflictError, NotFoundError } from '../common/domain-error';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { type AnchorRow, AnchorsRepository } from './anchors.repository';

/** Most bets in one anchor: a backlog (the first anchor of a running casino) is anchored over several passes. */
export const ANCHOR_MAX_BETS = 50_000;
/**
 * How far before the previous anchor the next one looks for bets in none yet: a bet's time is its
 * transaction's start, and one that committed late is still taken. Bets are settled in one short
 * transaction, far below this.
 */
export const ANCHOR_LOOKBACK_MS = 3_600_000;
/** Rounds past a transaction's last valid round before it is taken as never landing, and sent again. */
const LAST_VALID_MARGIN = 2n;
/** Anchor trees kept in memory for receipts. */
const CACHED_TREES = 4;

const nodeSha256: Sha256 = (data) => createHash('sha256').update(data).digest();

/** What one pass of the job did. */
export interface AnchorTick {
  /** The anchor taken, when one was due and bets were waiting. */
  created: AnchorRow | null;
  /** Anchors whose transaction was sent or confirmed in this pass. */
  sent: string[];
}

/**
 * Bet anchors: every BET_ANCHOR_SECONDS, on one instance at a time (advisory lock), the bets
 * settled since the last anchor become the leaves of a Merkle tree (game-engine's anchors: leaf =
 * SHA-256 of the bet's canonical record), and the root with the previous anchor's root is written
 * in the note of a 0-AMINA house self-transfer. The anchor and its leaves are stored before the
 * transaction is signed, and the signed transaction before it is sent, so a failed send is sent
 * again on the next pass, never skipped, and as the same bytes, never doubled; an interval with no
 * bets writes nothing. Receipts prove one bet is in an anchor.
 */
@Injectable()
export class AnchorsService {
  private readonly logger = new Logger('BetAnchors');
  private readonly trees = new Map<string, BetTreeLevels>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: AnchorsRepository,
    private readonly sql: SqlService,
    private readonly chain: AlgorandClient,
  ) {}

  private get intervalMs(): number {
    return this.config.betAnchorSeconds * 1000;
  }

  /**
   * One pass on the instance holding the lock: takes an anchor when the newest is
   * BET_ANCHOR_SECONDS old (or the last was full) and bets are waiting, then sends or confirms the
   * transaction of every anchor not yet confirmed. Undefined when another instance holds the lock.
   */
  tick(now = new Date()): Promise<AnchorTick | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.betAnchors, async () => {
      const latest = await this.repo.latest();
      const due =
        latest === null ||
        latest.bet_count >= ANCHOR_MAX_BETS ||
        now.getTime() - latest.created_at.getTime() >= this.intervalMs;
      const created = due ? await this.anchorLocked(latest) : null;
      return { created, sent: await this.sendPending() };
    });
  }

  private async anchorLocked(previous: AnchorRow | null): Promise<AnchorRow | null> {
    const since = previous ? new Date(previous.created_at.getTime() - ANCHOR_LOOKBACK_MS) : null;
    const bets = await this.repo.unanchored(since, ANCHOR_MAX_BETS);
    if (bets.length === 0) return null;
    const leaves = bets.map((b) => ({ betId: b.id, leaf: betLeaf(betRecord(b), nodeSha256) }));
    const levels = buildBetTree(
      leaves.map((l) => l.leaf),
      nodeSha256,
    );
    const row = await this.repo.insert({ previous, root: betTreeRoot(levels), leaves });
    this.remember(row.id, levels);
    this.logger.log({ msg: 'bet anchor', id: row.id, bets: bets.length, root: row.root_hash });
    return row;
  }

  /**
   * Sends or confirms the transaction of every anchor not yet confirmed, oldest first. An anchor
   * without one gets it signed and stored (txid, last valid round, bytes) before it is sent, so a
   * send whose answer was lost never turns into a second transaction: later passes send the same
   * bytes again while they can still land (a duplicate is answered as sent), and clear them only
   * once they never can (the chain past their last valid round, the txid nowhere), so the next
   * pass signs another.
   */
  private async sendPending(): Promise<string[]> {
    const done: string[] = [];
    for (const row of await this.repo.unconfirmed()) {
      try {
        if (await this.sendOrSettle(row)) done.push(row.id);
      } catch (e) {
        // the node is away, or refused the bytes for now: the next pass tries again
        this.logger.warn({
          msg: 'bet anchor not sent; the next pass retries',
          anchor: row.id,
          txId: row.tx_id,
          error: (e as Error).message,
        });
      }
    }
    return done;
  }

  /** One anchor's part of a pass; true when its transaction was sent or confirmed in it. */
  private async sendOrSettle(row: AnchorRow): Promise<boolean> {
    if (row.tx_id === null) {
      const tx = await this.sign(row);
      // stored before it is sent; false: another pass stored one first, and the next sends its bytes
      if (!(await this.repo.storeTx(row.id, tx))) return false;
      await this.chain.submit(tx.signed);
      await this.confirmIfLanded(row.id, tx.txId);
      return true;
    }
    const lastValid = BigInt(row.tx_last_valid!);
    const f = await this.chain.finality(row.tx_id, lastValid, LAST_VALID_MARGIN);
    if (f.status === 'confirmed') {
      if (f.confirmedRound === null) return false;
      await this.repo.setRound(row.id, f.confirmedRound);
      return true;
    }
    if (f.status === 'absent') {
      await this.repo.clearTx(row.id, row.tx_id);
      return false;
    }
    // unknown while a block can still take it (never seen, or lost with a node's pool): the same
    // bytes again; pending, or unknown past its last valid round: wait for a definite answer
    if (f.status === 'unknown' && f.nodeRound < lastValid && row.tx_signed !== null) {
      await this.chain.submit(row.tx_signed);
      await this.confirmIfLanded(row.id, row.tx_id);
      return true;
    }
    return false;
  }

  private async confirmIfLanded(anchorId: string, txId: string): Promise<void> {
    const look = await this.chain.lookupTransaction(txId);
    if (look.status === 'confirmed' && look.confirmedRound !== null)
      await this.repo.setRound(anchorId, look.confirmedRound);
  }

  /** The anchor's 0-AMINA house self-transfer, its note the root and the previous root, signed and not sent. */
  private sign(row: AnchorRow): Promise<SignedHouseTransfer> {
    const note = betAnchorNote({
      anchor: row.id,
      root: row.root_hash,
      previousRoot: row.previous_root,
      bets: row.bet_count,
    });
    const house = this.chain.house;
    return this.chain.signHouseTransfer({ to: house, amount: 0n, note });
  }

  /**
   * The bet's receipt: its record and leaf as the bet stands now, and once its anchor is on chain
   * the path from the stored leaves to the anchored root. A bet changed since it was anchored gets
   * a leaf that no longer leads to the root: its receipt fails the check, as it should.
   */
  async receipt(betId: string, now = new Date()): Promise<BetReceipt> {
    const bet = await this.repo.betRecord(betId);
    if (!bet) throw new NotFoundError(`No bet ${betId}`);
    const record = betRecord(bet);
    const leaf = Buffer.from(betLeaf(record, nodeSha256)).toString('hex');
    const link = await this.repo.linkOf(betId);
    const anchor = link ? await this.repo.get(link.anchorId) : null;
    if (!link || !anchor) {
      const expectedBy = await this.nextAnchorBy(now);
      return {
        status: 'pending',
        betId,
        record,
        leaf,
        anchor: null,
        expectedBy: expectedBy.toISOString(),
        message: `Bet ${betId} is not anchored yet: anchors are taken every ${this.config.betAnchorSeconds} s, so its receipt is expected by ${expectedBy.toISOString()}`,
      };
    }
    if (anchor.tx_round === null || anchor.tx_id === null) {
      // a block takes seconds; a pass every few
      const expectedBy = new Date(now.getTime() + this.pollMs() + 10_000);
      return {
        status: 'pending',
        betId,
        record,
        leaf,
        anchor: anchor.id,
        expectedBy: expectedBy.toISOString(),
        message: `Bet ${betId} is in anchor ${anchor.id}, whose transaction is being sent or confirmed: its receipt is expected by ${expectedBy.toISOString()}`,
      };
    }
    const levels = await this.treeOf(anchor.id);
    return {
      status: 'anchored',
      betId,
      record,
      leaf,
      path: betPath(levels, link.position),
      root: anchor.root_hash,
      previousRoot: anchor.previous_root,
      txid: anchor.tx_id,
      round: anchor.tx_round,
      anchor: anchor.id,
      time: anchor.created_at.toISOString(),
    };
  }

  /** The anchor's transaction as the indexer has it (what a receipt is checked against in the browser). */
  async onChain(anchorId: string): Promise<AnchorChain> {
    const anchor = await this.repo.get(anchorId);
    if (!anchor) throw new NotFoundError(`No anchor ${anchorId}`);
    if (!anchor.tx_id || anchor.tx_round === null)
      throw new ConflictError(`Anchor ${anchorId} is not on chain yet: its transaction is being sent or confirmed`);
    const txn = await this.chain.indexedTransaction(anchor.tx_id);
    if (!txn)
      throw new ConflictError(
        `The indexer does not have transaction ${anchor.tx_id} of anchor ${anchorId} yet; try again shortly`,
      );
    return {
      anchor: anchor.id,
      txid: txn.txId,
      round: txn.round.toString(),
      sender: txn.sender,
      houseAddress: this.chain.house,
      note: Buffer.from(txn.note).toString('utf8'),
      time: new Date(txn.roundTime * 1000).toISOString(),
      network: this.config.chain.network,
    };
  }

  /** How often the job asks whether an anchor is due: a fifth of the interval, between 1 and 30 s. */
  pollMs(): number {
    return Math.min(30_000, Math.max(1_000, Math.floor(this.intervalMs / 5)));
  }

  private async nextAnchorBy(now: Date): Promise<Date> {
    const latest = await this.repo.latest();
    const due = latest ? Math.max(now.getTime(), latest.created_at.getTime() + this.intervalMs) : now.getTime();
    // the pass that takes it, then a block
    return new Date(due + this.pollMs() + 10_000);
  }

  private async treeOf(anchorId: string): Promise<BetTreeLevels> {
    const cached = this.trees.get(anchorId);
    if (cached) return cached;
    const levels = buildBetTree(await this.repo.leaves(anchorId), nodeSha256);
    this.remember(anchorId, levels);
    return levels;
  }

  private remember(anchorId: string, levels: BetTreeLevels): void {
    this.trees.delete(anchorId);
    this.trees.set(anchorId, levels);
    while (this.trees.size > CACHED_TREES) this.trees.delete(this.trees.keys().next().value!);
  }
}
