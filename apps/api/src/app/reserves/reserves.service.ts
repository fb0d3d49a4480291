import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  buildReservesTree,
  layoutReserves,
  reservesNote,
  reservesProof,
  type ReservesProofJson,
  type ReservesTree,
  type Sha256,
} from '@cosmic/game-engine';
import type { ReservesOverview, ReservesSnapshot } from '@cosmic/contracts';
import { assertVerifiedOwner } from '../auth/ownership';
import type { SessionUser } from '../auth/session.service';
import { AlgorandClient } from '../chain/algorand.client';
import { ReconciliationService } from '../cashier/reconciliation.service';
import { money } from '../common/amount';
import { NotFoundError } from '../common/domain-error';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { SqlService } from '../database/sql.service';
import { JOB_LOCKS, withJobLock } from '../jobs/advisory-lock';
import { FindingsReporter } from '../common/findings-reporter';
import { type SnapshotRow, ReservesRepository } from './reserves.repository';

/** A snapshot is taken when the newest is this old (hourly). */
export const RESERVES_EVERY_MS = 3_600_000;
/** How many snapshots GET /api/reserves/snapshots lists. */
export const RESERVES_LISTED = 24;

// a Buffer is a Uint8Array: no copy (a snapshot of 10,000 players hashes about 400,000 times)
const nodeSha256: Sha256 = (data) => createHash('sha256').update(data).digest();

/** What one pass of the job did. */
export interface ReservesTick {
  /** The snapshot taken, when one was due. */
  taken: ReservesSnapshot | null;
  /** Snapshots whose anchoring transaction was sent or confirmed in this pass. */
  anchored: string[];
}

/**
 * Proof of reserves for AMINA: hourly, every wallet player's AMINA balance at one ledger position
 * goes into a Merkle sum tree (game-engine), split into random shares with a salt each, padded and
 * shuffled, all drawn from a fresh secret seed per snapshot; the root and total are
 * published in the note of a 0-AMINA house self-transfer; the house's AMINA is read from the node.
 * Reserves below liabilities raise a critical treasurer finding and pause AMINA play and
 * withdrawals (the emergency switch). Players fetch their own inclusion proof.
 */
@Injectable()
export class ReservesService {
  private readonly logger = new Logger('Reserves');
  /** The last tree built for proofs (rebuilding one per request would cost a hash per player). */
  private cached: { snapshotId: string; tree: ReservesTree } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: ReservesRepository,
    private readonly sql: SqlService,
    private readonly chain: AlgorandClient,
    private readonly findings: FindingsReporter,
    private readonly reconciliation: ReconciliationService,
  ) {}

  /**
   * One pass of the scheduled job on the instance holding the lock: takes a snapshot when the
   * newest is an hour old (or there is none), then anchors or confirms any snapshot not yet
   * confirmed on chain. Undefined when another instance holds the lock.
   */
  tick(now = new Date()): Promise<ReservesTick | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.reserves, async () => {
      const latest = await this.repo.latestTakenAt();
      const due = latest === null || now.getTime() - latest.getTime() >= RESERVES_EVERY_MS;
      const taken = due ? await this.snapshotLocked(randomBytes(32)) : null;
      return { taken, anchored: await this.anchorPending() };
    });
  }

  /**
   * Takes a snapshot now and anchors it (under the job's lock); undefined when another instance
   * holds the lock. `seed` decides the layout's shares, salts and order: fresh and secret unless a
   * test fixes it.
   */
  takeSnapshot(seed: Uint8Array = randomBytes(32)): Promise<ReservesSnapshot | undefined> {
    return withJobLock(this.sql, JOB_LOCKS.reserves, async () => {
      const s = await this.snapshotLocked(seed);
      await this.anchorPending();
      return (await this.snapshot(BigInt(s.id))) ?? s;
    });
  }

  /** The latest snapshots, newest first. */
  async overview(): Promise<ReservesOverview> {
    const rows = await this.repo.list(RESERVES_LISTED);
    return {
      network: this.config.chain.network,
      assetId: this.chain.asset.toString(),
      houseAddress: this.chain.house,
      snapshots: rows.map((r) => this.view(r)),
    };
  }

  /** One snapshot, or null. */
  async snapshot(id: bigint): Promise<ReservesSnapshot | null> {
    const row = await this.repo.get(id);
    return row ? this.view(row) : null;
  }

  /**
   * The session's inclusion proof in a snapshot (the newest by default): only a wallet that proved
   * its key (403 otherwise; guests hold no AMINA); 404 when there is no such snapshot or the
   * player was not in it.
   */
  async proof(user: SessionUser, snapshotId?: bigint): Promise<ReservesProofJson> {
    assertVerifiedOwner(user);
    const row = await this.repo.get(snapshotId);
    if (!row)
      throw new NotFoundError(
        snapshotId === undefined
          ? 'No proof-of-reserves snapshot has been taken yet'
          : `There is no proof-of-reserves snapshot ${snapshotId}`,
      );
    const tree = await this.treeOf(row);
    const view = this.view(row);
    const proof = reservesProof(tree, BigInt(user.userId), {
      snapshotId: row.id,
      takenAt: view.takenAt,
      anchor: { txId: view.anchor.txId, round: view.anchor.round, network: this.config.chain.network },
    });
    if (!proof)
      throw new NotFoundError(
        `Your account is not in snapshot ${row.id}: it held no AMINA when the snapshot was taken`,
      );
    return proof;
  }

  private async snapshotLocked(seed: Uint8Array): Promise<ReservesSnapshot> {
    const { ledgerPosition, balances } = await this.repo.balancesAtLedgerPosition();
    // read after the balances: a deposit is credited only after it landed, so one landing in
    // between adds to the holding, never only to the liabilities
    const holding = await this.chain.houseHoldingAtRound();
    const tree = buildReservesTree(layoutReserves(balances, seed, {}, nodeSha256), nodeSha256);
    const row = await this.repo.insert({
      ledgerPosition,
      rootHash: tree.root.hash,
      liabilities: tree.root.sum,
      leafCount: tree.leaves.length,
      reserves: holding.amount,
      reservesRound: holding.round,
      layoutSeed: Buffer.from(seed).toString('hex'),
      balances,
    });
    this.cached = { snapshotId: row.id, tree };
    const view = this.view(row);
    this.logger.log({
      msg: 'reserves snapshot',
      id: row.id,
      players: balances.length,
      leaves: tree.leaves.length,
      liabilities: money(tree.root.sum),
      reserves: money(holding.amount),
      round: holding.round.toString(),
      ledgerPosition: ledgerPosition.toString(),
    });
    if (!view.covered) await this.alarm(view);
    return view;
  }

  /**
   * The treasurer's alarm: a critical finding, and AMINA play and withdrawals paused with the same
   * switch as reconciliation and the emergency fix, until an operator resumes them.
   */
  private async alarm(s: ReservesSnapshot): Promise<void> {
    const what = `the house holds ${money(BigInt(s.reserves))} AMINA on chain (round ${s.reservesRound}) but owes players ${money(BigInt(s.liabilities))} in proof-of-reserves snapshot ${s.id}`;
    this.findings.report({
      type: 'reserves-below-liabilities',
      severity: 'critical',
      autoFixed: false,
      location: `reserves snapshot ${s.id}`,
      details: `Reserves below liabilities: ${what}`,
      riskScore: 10,
      source: 'treasurer',
      fixedCode: 'paused AMINA bets and withdrawals; alerted operators',
    });
    await this.reconciliation.pauseIfUnsafe([what], 'proof of reserves');
  }

  /**
   * Sends the anchoring self-transfer of snapshots that have none, and records the round of those
   * whose transfer confirmed; a transfer the node refused is cleared, so the next pass sends another.
   */
  private async anchorPending(): Promise<string[]> {
    const done: string[] = [];
    for (const row of await this.repo.unanchored()) {
      try {
        if (row.anchor_tx_id === null) {
          const txId = await this.sendAnchor(row);
          await this.repo.setAnchorTx(row.id, txId);
          row.anchor_tx_id = txId;
          done.push(row.id);
        }
        const look = await this.chain.lookupTransaction(row.anchor_tx_id);
        if (look.status === 'confirmed' && look.confirmedRound !== null) {
          await this.repo.setAnchorRound(row.id, look.confirmedRound);
          if (!done.includes(row.id)) done.push(row.id);
        } else if (look.status === 'rejected') {
          await this.repo.setAnchorTx(row.id, null);
        }
      } catch (e) {
        // the node is away: the next pass tries again
        this.logger.warn({
          msg: 'reserves anchoring failed; the next pass retries',
          snapshot: row.id,
          error: (e as Error).message,
        });
      }
    }
    return done;
  }

  private async sendAnchor(row: SnapshotRow): Promise<string> {
    const note = reservesNote({
      snapshot: row.id,
      root: row.root_hash,
      liabilities: row.liabilities,
      leaves: row.leaf_count,
      ledger: row.ledger_position,
      round: row.reserves_round,
    });
    const house = this.chain.house;
    const txn = await this.chain.buildAssetTransfer({ from: house, to: house, amount: 0n, note });
    return this.chain.submit(this.chain.signAsHouse(txn));
  }

  private async treeOf(row: SnapshotRow): Promise<ReservesTree> {
    if (this.cached?.snapshotId === row.id) return this.cached.tree;
    const layout = await this.repo.layout(row.id);
    if (!layout)
      throw new NotFoundError(
        `Snapshot ${row.id} was taken with one leaf per player, whose proofs showed other players' balances; proofs are served for newer snapshots only`,
      );
    const tree = buildReservesTree(layoutReserves(layout.balances, layout.seed, {}, nodeSha256), nodeSha256);
    // the stored seed and balances must give the stored (and anchored) root, or no proof is served
    if (tree.root.hash !== row.root_hash || tree.root.sum.toString() !== row.liabilities) {
      throw new Error(
        `reserves snapshot ${row.id}: its seed and balances give root ${tree.root.hash}, not the stored ${row.root_hash}`,
      );
    }
    this.cached = { snapshotId: row.id, tree };
    return tree;
  }

  private view(r: SnapshotRow): ReservesSnapshot {
    const reserves = BigInt(r.reserves);
    const liabilities = BigInt(r.liabilities);
    const txId = r.anchor_tx_id;
    return {
      id: String(r.id),
      takenAt: r.taken_at.toISOString(),
      ledgerPosition: String(r.ledger_position),
      rootHash: r.root_hash,
      liabilities: liabilities.toString(),
      leafCount: r.leaf_count,
      reserves: reserves.toString(),
      reservesRound: String(r.reserves_round),
      ratio: liabilities === 0n ? null : ratio4(reserves, liabilities),
      covered: reserves >= liabilities,
      anchor: {
        txId,
        round: r.anchor_round === null ? null : String(r.anchor_round),
        explorerUrl: txId && this.config.chain.network === 'mainnet' ? `https://allo.info/tx/${txId}` : null,
      },
    };
  }
}

/** a ÷ b with 4 decimals, rounded down ("1.2500"). */
function ratio4(a: bigint, b: bigint): string {
  const scaled = (a * 10_000n) / b;
  return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
}
