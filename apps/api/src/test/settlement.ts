import type { SqlService } from '../app/database/sql.service';
import { SettlementRepository } from '../app/settlement/settlement.repository';
import { SettlementService } from '../app/settlement/settlement.service';

/** The settlement module over `sql` (a real pool or a test's fake), for a BetBatcher built outside Nest. */
export function settlementOver(sql: SqlService): SettlementService {
  return new SettlementService(new SettlementRepository(sql));
}
