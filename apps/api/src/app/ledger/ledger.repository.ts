import { Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable } from '../database/sql.service';
import { DomainError } from '../common/domain-error';

/** The balance would go below zero. */
export class InsufficientBalanceError extends DomainError {
  constructor(message = 'Insufficient balance!') {
    super(400, message, 'INSUFFICIENT_BALANCE');
  }
}

/**
 * Balance changes: each is one statement that moves the balance only if it stays ≥ 0 and writes
 * the ledger row with the balance after, so balance = sum of ledger deltas by construction.
 * Call inside the caller's transaction.
 */
@Injectable()
export class LedgerRepository {
  async apply(db: Queryable, userId: string, currency: Currency, delta: bigint, kind: string, ref: string | null, insufficientMessage?: string): Promise<bigint> {
    const res = await db.query<{ balance_after: string }>(
      {
        name: 'ledger_apply',
        text: `WITH b AS (
                 UPDATE balances SET amount = amount + $3::bigint
                  WHERE user_id = $1 AND currency = $2 AND amount + $3::bigint >= 0
              RETURNING amount)
               INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
               SELECT $1, $2, $3::bigint, amount, $4, $5 FROM b
               RETURNING balance_after`,
        values: [userId, currency, delta.toString(), kind, ref],
      },
    );
    if (!res.rows[0]) throw new InsufficientBalanceError(insufficientMessage);
    return BigInt(res.rows[0].balance_after);
  }

  async balances(db: Queryable, userId: string): Promise<Record<Currency, bigint>> {
    const res = await db.query<{ currency: Currency; amount: string }>({ name: 'balances_of', text: `SELECT currency, amount FROM balances WHERE user_id = $1`, values: [userId] });
    const out: Record<Currency, bigint> = { HC: 0n, AMINA: 0n };
    for (const r of res.rows) out[r.currency] = BigInt(r.amount);
    return out;
  }
}
