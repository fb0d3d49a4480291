import { formatTimeLeft, type PendingLimitChange } from '@cosmic/contracts';

/** How a pending raise or removal reads on the page: "Raises to 50 HC in 23h 59m", "Limit removed in 2h 5m". */
export function pendingLimitText(pending: PendingLimitChange, currency: string, nowMs: number): string {
  const ms = new Date(pending.effectiveAt).getTime() - nowMs;
  // the API promotes due changes within a minute; until the page polls again, say so
  const when = ms > 0 ? `in ${formatTimeLeft(ms)}` : 'within a minute';
  return pending.value === null ? `Limit removed ${when}` : `Raises to ${pending.value} ${currency} ${when}`;
}
