// Public door of @cosmic/game-engine: pure TypeScript, no imports beyond this library.

// Errors and results
/** Thrown for programmer errors inside the engine. */
export { GameEngineError } from './errors';
/** Builds a failed result. */
export { fail } from './errors';
/** `{ok:true} & T` or `{ok:false, error}`: how expected bad input is answered. */
export type { Result, Failure } from './errors';

// Exact numbers and money
/** Exact fraction type and its JSON form. */
export type { Rational, RationalJson } from './rational';
/** Rational helpers: build, arithmetic, compare, convert. */
export {
  ratio,
  mulR,
  addR,
  divR,
  compareR,
  equalsR,
  toNumber,
  formatR,
  toJsonR,
  fromJsonR,
  decimalR,
} from './rational';
/** Base units per coin (10^8). */
export { BASE_UNITS_PER_COIN } from './money';
/** stake × multiplier rounded down to a base unit; settledPayout also rounds House Coins down to a whole coin. */
export { payout, settledPayout, type PayoutCurrency } from './money';

// Provably fair stream
/** SHA-256 of bytes. */
export { sha256 } from './fair/sha256';
/** HMAC-SHA256 function type (inject Node's createHmac for speed). */
export type { HmacSha256 } from './fair/hmac';
/** The engine's own HMAC-SHA256. */
export { hmacSha256 } from './fair/hmac';
/** UTF-8 encoding and hex formatting. */
export { utf8, toHex } from './fair/encoding';
/** Float stream interfaces: sequential, random access, and both. */
export type { FloatSource, FloatTape, FloatStream } from './fair/source';
/** Stream adapters: wrap a sequential source; replay a list of floats. */
export { streamFrom, listStream } from './fair/source';
/** Seeded sfc32 float source for simulations. */
export { sfc32 } from './fair/prng';
/** The provably-fair stream: seed checks, commitment hash, round bytes, floats, cached stream. */
export {
  FLOATS_PER_ROUND,
  seedError,
  serverSeedHash,
  roundBytes,
  bytesToFloat,
  floatAt,
  fairStream,
  tryFairStream,
} from './fair/stream';

// Cards
/** Card, rank and suit types. */
export type { Card, Rank, Suit } from './cards';
/** Deck order, card mapping from floats/indexes, labels and values. */
export {
  RANKS,
  SUITS,
  DECK_SIZE,
  cardFromIndex,
  cardIndexFromFloat,
  cardFromFloat,
  floatForCard,
  cardLabel,
  hiloValue,
  blackjackValue,
} from './cards';

// Dice
/** Dice bet and outcome types. */
export type { DiceBet, DiceOutcome } from './dice';
/** Dice paytable, mapping and settlement. */
export { DICE_BETS, DICE_PAYTABLE, dieFromFloat, rollDice, isDiceBet, playDice } from './dice';

// Plinko
/** Plinko risk and outcome types. */
export type { PlinkoRisk, PlinkoOutcome } from './plinko';
/** Plinko tables, drop and settlement. */
export {
  PLINKO_RISKS,
  PLINKO_ROWS,
  PLINKO_MULTIPLIERS,
  plinkoMultiplier,
  isPlinkoRisk,
  plinkoDrop,
  playPlinko,
} from './plinko';

// Hi-lo
/** Hi-lo state and guess types. */
export type { HiloDirection, HiloGuessRecord, HiloState, HiloSide } from './hilo';
/** Hi-lo state machine, odds and pricing. */
export {
  HILO_EDGE,
  hiloProbability,
  hiloFactor,
  hiloMultiplier,
  hiloOdds,
  hiloStart,
  isHiloDirection,
  hiloGuess,
  hiloCashout,
} from './hilo';

// Blackjack
/** Blackjack state, hand, action and result types. */
export type { BlackjackAction, BlackjackHand, BlackjackState, HandResult } from './blackjack/types';
/** Hand totals and shape checks. */
export { playerTotal, isTwoCard21, isPair } from './blackjack/hand';
/** Blackjack state machine. */
export { blackjackDeal, blackjackAct, legalActions, visibleDealerCards, blackjackReturn } from './blackjack/engine';
/** The player actions a settled round took, read back from its hands (what the verifier replays); a hand's total from ranks alone. */
export { blackjackActions, handTotal, type PlayedHands } from './blackjack/actions';
/** Basic strategy: the table and its use on a state. */
export { basicStrategyDecision, basicStrategy } from './blackjack/strategy';
/** Basic-strategy hand description. */
export type { StrategyHand } from './blackjack/strategy';
/** Seeded blackjack simulation with a 95% CI. */
export { simulateBlackjack } from './blackjack/simulate';
/** Simulated RTP estimate type. */
export type { RtpEstimate } from './blackjack/simulate';
/** Basic strategy's RTP by unlimited-deck recursion. */
export { blackjackComputedRtp } from './blackjack/exact';

// Slots
/** Grid geometry and cluster types. */
export type { Position, Cluster } from './slots/cluster';
/** Cluster finder (and its allocation-free labeller). */
export { GRID_SIDE, GRID_CELLS, MIN_CLUSTER, ClusterLabeller, findClusters } from './slots/cluster';
/** Cascade result types and pay-function type. */
export type { ClusterPay, ClusterWin, CascadeStep, CascadeResult } from './slots/cascade';
/** Generic cascade engine (weights + pay function). */
export { CascadeEngine } from './slots/cascade';
/** Slots model types. */
export type { SlotSymbol, SlotsModel } from './slots/model';
/** Slots model checks, pay function, free-spin awards, engines, the capped machine and the raw spin. */
export { slotsModelError, modelPay, freeSpinsFor, slotsEngine, SlotsMachine, playSlotsSpin } from './slots/model';
/** The shipped Cosmic Chaos Slots model and its pay bands. */
export { SLOTS_MODEL, SLOTS_PAY_BANDS } from './slots/cosmic-chaos';
/** One slots spin's types: mode, cluster wins, cascade steps, the spin and its JSON form. */
export type { SlotsMode, SlotsClusterWin, SlotsCascade, SlotsSpin, SlotsSpinJson } from './slots/play';
/** Plays one paid or free spin from one nonce's stream (shipped model by default); JSON form of a spin. */
export { playSlots, slotsSpinJson } from './slots/play';
/** Slots simulation types. */
export type { SlotsSimulationMode, SlotsSimulation } from './slots/simulate';
/** Seeded slots simulation (paid spins with their free spins, or bonus buys) with a 95% CI. */
export { simulateSlots } from './slots/simulate';

// RTP, paytables, verifier
/** Exact RTP type. */
export type { ExactRtp } from './rtp';
/** RTP per game: exact enumeration (dice, plinko, hi-lo step) and blackjack simulation. */
export { diceRtp, plinkoRtp, hiloRtpPerStep, blackjackRtp, BLACKJACK_RTP, BLACKJACK_COMPUTED_RTP } from './rtp';
/** Published paytable types. */
export type { Paytables, DicePaytableEntry, PlinkoPaytableEntry } from './paytables';
/** The published paytables (GET /api/fairness/paytables). */
export { paytables } from './paytables';
/** Verifier types. */
export type { VerifyGame, VerifyParams, Verified } from './verify';
/** Recomputes a bet from revealed seeds. */
export { VERIFY_GAMES, verify } from './verify';

// Proof of reserves
/** Merkle sum tree node and leaf types, and the built tree. */
export type { SumNode, ReservesLeaf, ReservesTree } from './reserves/tree';
/** SHA-256 function type the tree takes (node:crypto's may be injected for speed). */
export type { Sha256 } from './reserves/encoding';
/** Merkle sum tree: leaf and parent nodes, building and depth. */
export { leafNode, parentNode, buildReservesTree, treeDepth } from './reserves/tree';
/** A player's balance to lay out, and the layout's options. */
export type { PlayerBalance, LayoutOptions } from './reserves/layout';
/** The leaves of a snapshot: balances split into random shares, padded, shuffled, all drawn from a seed. */
export { RESERVES_SHARES_PER_PLAYER, RESERVES_MIN_LEAVES, layoutReserves } from './reserves/layout';
/** Inclusion proof types. */
export type {
  SumNodeJson,
  ReservesAnchorJson,
  ReservesShareJson,
  ReservesProofJson,
  VerifiedReservesProof,
} from './reserves/proof';
/** Inclusion proofs: build one for a player, verify one against the (anchored) root. */
export { RESERVES_PROOF_VERSION, sumNodeJson, reservesProof, verifyReservesProof } from './reserves/proof';
/** The commitment the house publishes on chain. */
export type { ReservesCommitment } from './reserves/note';
/** The anchoring note: its prefix, its bytes and its reading. */
export { RESERVES_NOTE_PREFIX, reservesNote, parseReservesNote } from './reserves/note';

// Bet anchors
/** A bet's canonical record (the leaf's preimage) and the canonical JSON it is written in. */
export type { BetRecordFields } from './anchors/record';
/** The canonical record of a settled bet and canonical JSON. */
export { BET_RECORD_VERSION, betRecord, canonicalJson } from './anchors/record';
/** A path step and the levels of a built bet tree. */
export type { BetPathStep, BetTreeLevels } from './anchors/tree';
/** The bets' Merkle tree: leaves, parents, levels, root and paths. */
export { betLeaf, betParent, buildBetTree, betTreeRoot, betPath, rootOfPath } from './anchors/tree';
/** What an anchor commits to on chain, and a receipt's checked fields. */
export type { BetAnchorCommitment, BetReceiptJson } from './anchors/receipt';
/** The anchoring note and the receipt check. */
export { BET_ANCHOR_NOTE_PREFIX, betAnchorNote, parseBetAnchorNote, verifyBetReceipt } from './anchors/receipt';
