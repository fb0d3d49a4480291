import type { LiveBet } from '@cosmic/web-data-access';
import { verifyHref, type VerifyParams } from '../shared/verify-params';

const GAMES: readonly string[] = ['dice', 'plinko', 'hilo', 'blackjack', 'slots'] satisfies VerifyParams['game'][];

const words = (v: unknown): string =>
  Array.isArray(v)
    ? v
        .map((x) =>
          typeof x === 'string' ? x : typeof x === 'object' && x && 'direction' in x ? String(x.direction) : '',
        )
        .filter(Boolean)
        .join(',')
    : '';
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The verifier link of a feed row, or null while its server seed is still secret (or the verifier does not offer the game). */
export function liveBetVerifyHref(bet: LiveBet): string | null {
  const { serverSeed, nonce, clientSeed, serverSeedHash, params } = bet.verify;
  if (!serverSeed || !GAMES.includes(bet.game)) return null;
  const extra: Record<string, string> = {
    betType: text(params['betType']),
    risk: text(params['risk']),
    guesses: words(params['guesses']),
    cashout: params['status'] === 'cashed' ? '1' : '',
    actions: words(params['actions']),
    freeSpins: params['mode'] === 'free' ? '1' : '',
  };
  return verifyHref({ game: bet.game as VerifyParams['game'], nonce, clientSeed, serverSeedHash, extra }, serverSeed);
}
