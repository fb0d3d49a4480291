// Not part of @cosmic/web-ui on purpose: web-ui is the shell's shared singleton (in every page's
// first load); the bet details dialog and its game engine come only with the screens that open a
// bet (the live feed, the bet history, a game's "Verify this bet"), loaded lazily there.

/** The verifier's parameters of a bet, its deep link and the engine's parameters. */
export { engineParams, paramFacts, verifyHref, type VerifyParams } from './lib/verify-params';
/** A bet recomputed in the browser with the engine that settled it (and checked against what was settled). */
export { Recomputed, outcomeHeadline, type SettledBet } from './lib/recomputed';
/** The outcome per game as a line, the views' data, and the recomputed outcome compared with the settled one. */
export {
  outcomeSummary,
  outcomeDifferences,
  plinkoSteps,
  plinkoSlotMultiplier,
  slotRows,
  slotSymbol,
  cardOfLabel,
  type SlotCell,
} from './lib/outcome';
/** What a bet drew, drawn per game. */
export { OutcomeView, CardChip } from './lib/outcome-view';
/** The bet details dialog (presentational: the caller loads the bet and wires the seed rotation). */
export { BetDetailsDialog, detailsVerifyParams, type RevealAction } from './lib/bet-details-dialog';
/** A bet's anchor: "Anchored in transaction …" and its receipt checked against the chain. */
export { AnchorSection, anchorProblem, type AnchorState } from './lib/anchor-section';
