import type { QueryResultRow } from 'pg';

/** Something that can run a query: the pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string | { name?: string; text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}
