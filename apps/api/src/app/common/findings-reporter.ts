import type { SecurityFinding } from '@cosmic/contracts';

/** A finding as its producer reports it: the store adds the id and the timestamp. */
export type FindingReport = Omit<SecurityFinding, 'id' | 'timestamp'>;

/**
 * Where a domain module (cashier, reserves) reports a security finding without depending on the
 * security module above it: the global FindingsModule provides FindingsService under this token.
 */
export abstract class FindingsReporter {
  /** Records one finding for the security dashboard (and logs the high and critical ones). */
  abstract report(finding: FindingReport): unknown;
}
