import { DomainError } from './domain-error';

/** Maps check_play_allowed()'s SQLSTATEs to clear answers; returns null for anything else. */
export function playGuardError(e: unknown): DomainError | null {
  const code = (e as { code?: string })?.code;
  if (code === 'CC423') return new DomainError(423, 'AMINA play and withdrawals are paused by the operators; House Coins games still work', 'AMINA_PAUSED');
  if (code === 'CC403') return new DomainError(403, 'You are self-excluded: betting is blocked until your self-exclusion period ends', 'SELF_EXCLUDED');
  if (code === 'CC429') return new DomainError(429, 'Daily loss limit reached: this bet would take today’s losses past the limit you set', 'LOSS_LIMIT');
  return null;
}
