import type { VerifyParams as EngineParams } from '@cosmic/game-engine';

/** What "Verify this bet" carries: the game, the seeds' public half and every parameter the game needs. */
export interface VerifyParams {
  game: 'dice' | 'plinko' | 'hilo' | 'blackjack' | 'slots';
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  /** dice betType; plinko risk; hi-lo guesses ("higher, lower") and cashout ('1'/'0'); blackjack actions; slots freeSpins ('1'/'0'). */
  extra: Record<string, string>;
  /** The base bet and its currency, to show the payout. */
  stake?: { amount: string; currency: 'HC' | 'AMINA' };
}

const list = (text: string | undefined) => (text ?? '').split(/[\s,]+/).filter(Boolean);

/** The verifier deep link for a settled bet (with the revealed server seed when it is known). */
export function verifyHref(
  { game, nonce, clientSeed, serverSeedHash, extra }: VerifyParams,
  serverSeed?: string,
): string {
  const params = new URLSearchParams({ game, nonce: String(nonce), clientSeed, hash: serverSeedHash });
  if (serverSeed) params.set('serverSeed', serverSeed);
  for (const [k, v] of Object.entries(extra)) if (v !== '') params.set(k, v);
  return `/fairness?${params.toString()}#verify`;
}

/** The game-engine's parameters for a bet's `extra` (the same ones the server settled with). */
export function engineParams(game: VerifyParams['game'], extra: Record<string, string>): EngineParams {
  switch (game) {
    case 'dice':
      return { betType: extra['betType'] };
    case 'plinko':
      return { risk: extra['risk'] };
    case 'hilo':
      return { guesses: list(extra['guesses']), cashout: extra['cashout'] === '1' || undefined };
    case 'blackjack':
      return { actions: list(extra['actions']) };
    case 'slots':
      return { freeSpins: extra['freeSpins'] === '1' };
  }
}

/** The parameters as the dialog lists them. */
export function paramFacts(
  game: VerifyParams['game'],
  extra: Record<string, string>,
): { label: string; value: string }[] {
  switch (game) {
    case 'dice':
      return [{ label: 'Bet type', value: extra['betType'] ?? '' }];
    case 'plinko':
      return [{ label: 'Risk', value: extra['risk'] ?? '' }];
    case 'hilo':
      return [
        { label: 'Guesses', value: list(extra['guesses']).join(', ') || 'none' },
        { label: 'Cashed out', value: extra['cashout'] === '1' ? 'yes' : 'no' },
      ];
    case 'blackjack':
      return [{ label: 'Actions', value: list(extra['actions']).join(', ') || 'none' }];
    case 'slots':
      return [{ label: 'Spin', value: extra['freeSpins'] === '1' ? 'free spin (×3)' : 'paid spin' }];
  }
}
