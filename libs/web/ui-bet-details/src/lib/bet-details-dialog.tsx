import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BetDetails } from '@cosmic/contracts';
import { Button, Dialog, FactList, Spinner } from '@cosmic/web-ui';
import { AnchorSection, type AnchorState } from './anchor-section';
import { outcomeSummary } from './outcome';
import { OutcomeView } from './outcome-view';
import { Recomputed } from './recomputed';
import { type VerifyParams, verifyHref } from './verify-params';
import './bet-details.css';

const GAME_NAMES: Record<BetDetails['game'], string> = {
  dice: 'Dice',
  plinko: 'Plinko',
  slots: 'Slots',
  blackjack: 'Blackjack',
  hilo: 'Hi-Lo',
};

/** The player's seed rotation, offered on their own sealed bet (the caller wires the call). */
export interface RevealAction {
  /** Why the session may not rotate (watch-only), or null. */
  blocked: string | null;
  busy: boolean;
  rotate(): void;
}

/** The verifier's parameters of a bet's details (null when there is nothing to replay). */
export function detailsVerifyParams(d: BetDetails): VerifyParams | null {
  if (!d.verify) return null;
  return {
    game: d.game,
    nonce: d.nonce,
    clientSeed: d.clientSeed,
    serverSeedHash: d.serverSeedHash,
    extra: d.verify.extra,
    stake: d.verify.stake ?? undefined,
  };
}

function VerifySection({ d, reveal }: { d: BetDetails; reveal?: RevealAction | null }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // the rotation button goes once the seed is revealed: focus moves to Verify, not out of the dialog
  useEffect(() => {
    if (d.serverSeed && (document.activeElement === document.body || document.activeElement === null))
      box.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [d.serverSeed]);
  const bet = detailsVerifyParams(d);
  if (!bet)
    return (
      <p className="cc-bd-line">
        A bonus purchase draws nothing of its own: each of its free spins is a bet you can open and verify.
      </p>
    );
  if (!d.serverSeed) {
    return (
      <div className="cc-verify__secret" data-testid="bd-sealed">
        <p>
          <strong>Not verifiable yet:</strong> the server seed of this bet is still secret (only its hash above was
          shown before the bet).
          {d.mine
            ? ' Rotate your seed pair to reveal it — your next bets then use a new pair.'
            : ' It is revealed when its player rotates their seed pair, and this dialog updates when they do.'}
        </p>
        {d.mine &&
          reveal &&
          (reveal.blocked ? (
            <p>{reveal.blocked}</p>
          ) : (
            <Button variant="primary" disabled={reveal.busy} onClick={reveal.rotate}>
              Rotate my seed pair to reveal it
            </Button>
          ))}
        {d.mine && <Link to="/fairness">Manage your seeds on the fairness page</Link>}
      </div>
    );
  }
  return (
    <div className="cc-verify__secret" ref={box}>
      {open ? (
        <Recomputed bet={bet} serverSeed={d.serverSeed} settled={{ outcome: d.outcome, payout: d.payout }} />
      ) : (
        <Button variant="primary" onClick={() => setOpen(true)}>
          Verify
        </Button>
      )}
      <Link to={verifyHref(bet, d.serverSeed)}>Open in the verifier</Link>
    </div>
  );
}

function Body({ d, reveal, anchor }: { d: BetDetails; reveal?: RevealAction | null; anchor?: AnchorState }) {
  const won = Number(d.payout) > Number(d.amount);
  const facts = [
    { label: 'Player', value: d.username },
    { label: 'Time', value: <time dateTime={d.time}>{new Date(d.time).toLocaleString()}</time> },
    { label: 'Bet', value: `${d.amount} ${d.currency}` },
    { label: 'Multiplier', value: `${d.multiplier}×` },
    { label: 'Payout', value: `${d.payout} ${d.currency}` },
    { label: 'Nonce', value: String(d.nonce), mono: true },
    { label: 'Client seed', value: d.clientSeed, mono: true },
    { label: 'Server seed hash', value: d.serverSeedHash, mono: true },
    { label: 'Server seed', value: d.serverSeed ?? 'secret until the pair is rotated', mono: d.serverSeed !== null },
  ];
  return (
    <div className="cc-bd" data-testid="bet-details">
      <div className={`cc-bd__result${won ? ' cc-bd__result--win' : ''}`}>
        <span className="cc-bd__game">{GAME_NAMES[d.game]}</span>
        <span className="cc-bd__mult" data-testid="bd-multiplier">
          {d.multiplier}×
        </span>
        <span className="cc-bd__payout" data-testid="bd-payout">
          {d.payout} {d.currency}
        </span>
      </div>
      <section className="cc-bd__outcome" aria-label="Outcome" data-testid="bd-outcome" tabIndex={0}>
        <OutcomeView outcome={d.outcome} />
      </section>
      <FactList facts={facts} />
      <section className="cc-verify" aria-label="Verify">
        <VerifySection d={d} reveal={reveal} />
      </section>
      {anchor && (
        <section className="cc-verify" aria-label="Anchor">
          <AnchorSection anchor={anchor} />
        </section>
      )}
    </div>
  );
}

/**
 * A settled bet in a dialog (focus kept inside, Escape closes): the full outcome drawn per game,
 * amounts and seeds, and "Verify" — the bet recomputed in the browser with the engine the
 * server settled it with, once its server seed is revealed; before, why not and how to reveal it.
 */
export function BetDetailsDialog({
  betId,
  details,
  loading,
  error,
  onClose,
  reveal,
  anchor,
}: {
  betId: string;
  details?: BetDetails;
  loading: boolean;
  error?: string | null;
  onClose(): void;
  reveal?: RevealAction | null;
  /** The bet's anchor receipt and its transaction, checked here against each other. */
  anchor?: AnchorState;
}) {
  return (
    <Dialog
      title={`Bet #${betId}`}
      description={details ? outcomeSummary(details.outcome) : undefined}
      onClose={onClose}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {details ? (
        <Body d={details} reveal={reveal} anchor={anchor} />
      ) : loading ? (
        <Spinner label="Loading the bet…" />
      ) : (
        <p className="cc-verify__bad" role="alert">
          {error ?? 'This bet could not be loaded.'}
        </p>
      )}
    </Dialog>
  );
}
