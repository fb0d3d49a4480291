import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `ledger.kind` becomes a closed list, each kind with one `ref` format (the settlement module's
 * LedgerKind, apps/api/src/app/settlement/ledger-kind.ts): `bonus-buy` and `withdrawal-refund`
 * are now written `bonus_buy` and `withdrawal_refund`, and a slots spin's stake and a bonus
 * purchase carry their bet's `bet:<id>` instead of `slots:<pair>:<nonce>` / `slots-bonus:<pair>:
 * <nonce>`.
 *
 * Rows written before this migration are left as they are, and the CHECK accepts them by their
 * created_at, before the moment the migration ran (a constant written into the constraint). Not
 * rewritten, because a ledger row is history: each ended week's rows are summed and hashed, kind
 * and ref included, into ledger_checkpoints, which the auditor compares on every run (a rewrite
 * would read as tampering), and ended weeks refuse every UPDATE (their `_closed` CHECK). Rewriting
 * only the open weeks would leave both spellings anyway, split at an arbitrary week; one cutoff
 * is simpler to read. Nothing in the API reads the old spellings.
 *
 * A CHECK on the partitioned table holds for every partition, present and future
 * (ensure_week_partitions() creates them as PARTITION OF ledger).
 */
export class LedgerKinds1763702200000 implements MigrationInterface {
  name = 'LedgerKinds1763702200000';

  async up(q: QueryRunner): Promise<void> {
    const [{ cutoff }] = await q.query(`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cutoff`);
    // COALESCE: a NULL ref (a regex on NULL is NULL, which a CHECK lets through) is refused
    await q.query(`
      ALTER TABLE ledger ADD CONSTRAINT ledger_kind_ref CHECK (
        created_at < '${cutoff}'::timestamptz OR COALESCE(CASE kind
          WHEN 'signup'            THEN ref ~ '^user:[0-9]+$'
          WHEN 'allowance'         THEN ref ~ '^allowance:.+$'
          WHEN 'bet'               THEN ref ~ '^(bet|round):[0-9]+$'
          WHEN 'win'               THEN ref ~ '^bet:[0-9]+$'
          WHEN 'bonus_buy'         THEN ref ~ '^bet:[0-9]+$'
          WHEN 'deposit'           THEN ref ~ '^tx:.+$'
          WHEN 'withdrawal'        THEN ref ~ '^withdrawal:[0-9]+$'
          WHEN 'withdrawal_refund' THEN ref ~ '^withdrawal:[0-9]+$'
          WHEN 'poker_buyin'       THEN ref ~ '^poker:[^:]+$'
          WHEN 'poker_cashout'     THEN ref ~ '^poker:[^:]+:(cashout|recovered)$'
          WHEN 'adjustment'        THEN ref ~ '^adjustment:.+$'
          ELSE false
        END, false))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger DROP CONSTRAINT ledger_kind_ref`);
  }
}
