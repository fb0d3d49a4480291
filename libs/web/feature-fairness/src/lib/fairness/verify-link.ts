import type { BetDto } from '@cosmic/contracts';
import type { VerifyGame, VerifyParams } from '@cosmic/game-engine';

/** Games the verifier page offers (slots with the shipped model, as published). */
export const VERIFIER_GAMES = ['dice', 'plinko', 'hilo', 'blackjack', 'slots'] as const satisfies readonly VerifyGame[];
/** A game the verifier page offers. */
export type VerifierGame = (typeof VERIFIER_GAMES)[number];

/** The verifier form, as strings (it is also the deep link's query string). */
export interface VerifyInput {
  game: VerifierGame;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** The committed SHA-256 to compare the server seed with (optional). */
  hash: string;
  betType: string;
  risk: string;
  /** Hi-lo guesses, comma separated: "higher, lower". */
  guesses: string;
  cashout: boolean;
  /** Blackjack actions, comma separated: "hit, stand". */
  actions: string;
  /** Slots: a free spin (free-spin weights, ×3) rather than a paid spin. */
  freeSpins: boolean;
}

/** An empty form (dice, low bet, medium risk). */
export const EMPTY_INPUT: VerifyInput = {
  game: 'dice',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  hash: '',
  betType: 'low',
  risk: 'medium',
  guesses: '',
  cashout: false,
  actions: '',
  freeSpins: false,
};

const isGame = (g: string | null): g is VerifierGame => (VERIFIER_GAMES as readonly string[]).includes(g ?? '');

/** Reads /fairness?game=…&serverSeed=…&clientSeed=…&nonce=…(&hash, betType, risk, guesses, cashout, actions, freeSpins). */
export function readVerifyInput(params: URLSearchParams): VerifyInput {
  const text = (key: keyof VerifyInput) => params.get(key) ?? String(EMPTY_INPUT[key]);
  const game = params.get('game');
  return {
    game: isGame(game) ? game : EMPTY_INPUT.game,
    serverSeed: text('serverSeed').trim(),
    clientSeed: text('clientSeed'),
    nonce: text('nonce').trim(),
    hash: text('hash').trim(),
    betType: text('betType'),
    risk: text('risk'),
    guesses: text('guesses'),
    cashout: params.get('cashout') === '1' || params.get('cashout') === 'true',
    actions: text('actions'),
    freeSpins: params.get('freeSpins') === '1' || params.get('freeSpins') === 'true',
  };
}

/** The deep link to the verifier for these inputs (only the non-empty fields). */
export function verifyHref(input: Partial<VerifyInput>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  return `/fairness?${params.toString()}#verify`;
}

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The engine's parameters for the chosen game. */
export function engineParams(input: VerifyInput): VerifyParams {
  switch (input.game) {
    case 'dice':
      return { betType: input.betType };
    case 'plinko':
      return { risk: input.risk };
    case 'hilo':
      return { guesses: list(input.guesses), cashout: input.cashout || undefined };
    case 'blackjack':
      return { actions: list(input.actions) };
    case 'slots':
      return { freeSpins: input.freeSpins };
  }
}

type Outcome = Record<string, unknown>;
const strings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .map((x) =>
          typeof x === 'string' ? x : typeof x === 'object' && x && 'direction' in x ? String(x.direction) : '',
        )
        .filter(Boolean)
    : [];

/** The verifier link of a settled bet, or null while its server seed is still secret. */
export function betVerifyHref(bet: BetDto): string | null {
  if (!bet.serverSeed || !isGame(bet.game)) return null;
  const o = (typeof bet.outcome === 'object' && bet.outcome ? bet.outcome : {}) as Outcome;
  return verifyHref({
    game: bet.game,
    serverSeed: bet.serverSeed,
    clientSeed: bet.clientSeed,
    nonce: String(bet.nonce),
    hash: bet.serverSeedHash,
    betType: typeof o['betType'] === 'string' ? o['betType'] : undefined,
    risk: typeof o['risk'] === 'string' ? o['risk'] : undefined,
    guesses: strings(o['guesses']).join(',') || undefined,
    cashout: o['status'] === 'cashed' || undefined,
    actions: strings(o['actions']).join(',') || undefined,
    freeSpins: o['mode'] === 'free' || undefined,
  });
}
