import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { betLeaf, betRecord, betTreeRoot, buildBetTree, type Sha256 } from '@cosmic/game-engine';
import { AnchorsRepository } from './anchors.repository';

/** How many of the newest anchors every audit recomputes from the database. */
export const AUDITED_ANCHORS = 12;

const nodeSha256: Sha256 = (data) => createHash('sha256').update(data).digest();

/** Something in an anchor that no longer matches what was anchored. */
export interface AnchorProblem {
  anchorId: string;
  /** The bet, for a changed or missing one. */
  betId: string | null;
  problem: 'bet-changed' | 'bet-missing' | 'root-differs' | 'chain-broken';
  details: string;
}

/** What one audit of the anchors found. */
export interface AnchorAudit {
  anchors: number;
  bets: number;
  problems: AnchorProblem[];
}

/**
 * The auditor's recomputation of the newest anchors: each anchored bet's record rebuilt from its
 * row now must hash to the leaf stored when it was anchored, the stored leaves must build the
 * anchored root, and each anchor must name the root of the one before it.
 */
@Injectable()
export class AnchorsAudit {
  constructor(private readonly repo: AnchorsRepository) {}

  async check(count = AUDITED_ANCHORS): Promise<AnchorAudit> {
    const anchors = await this.repo.newest(count + 1);
    const problems: AnchorProblem[] = [];
    let bets = 0;
    for (const [i, a] of anchors.slice(0, count).entries()) {
      const leaves = await this.repo.auditLeaves(a.id);
      bets += leaves.length;
      for (const l of leaves) {
        if (!l.bet) {
          problems.push({
            anchorId: a.id,
            betId: l.betId,
            problem: 'bet-missing',
            details: `bet ${l.betId}, anchored in anchor ${a.id}, is no longer in the database`,
          });
        } else if (!Buffer.from(betLeaf(betRecord(l.bet), nodeSha256)).equals(l.leaf)) {
          problems.push({
            anchorId: a.id,
            betId: l.betId,
            problem: 'bet-changed',
            details: `bet ${l.betId} changed since anchor ${a.id}: its record no longer hashes to the anchored leaf`,
          });
        }
      }
      const root = leaves.length
        ? betTreeRoot(
            buildBetTree(
              leaves.map((l) => l.leaf),
              nodeSha256,
            ),
          )
        : null;
      if (root !== a.root_hash || leaves.length !== a.bet_count)
        problems.push({
          anchorId: a.id,
          betId: null,
          problem: 'root-differs',
          details: `the ${leaves.length} stored leaves of anchor ${a.id} give root ${root}, not the anchored ${a.root_hash} of ${a.bet_count} bets`,
        });
      const before = anchors[i + 1];
      const expected = before ? before.root_hash : null;
      if (before && (a.previous_id !== before.id || a.previous_root !== expected))
        problems.push({
          anchorId: a.id,
          betId: null,
          problem: 'chain-broken',
          details: `anchor ${a.id} names ${a.previous_root} as the previous root, not ${expected} of anchor ${before.id}`,
        });
    }
    return { anchors: Math.min(count, anchors.length), bets, problems };
  }
}
