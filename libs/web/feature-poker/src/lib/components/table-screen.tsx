import { useEffect, useMemo, useRef, useState } from 'react';
import type { TableView } from '@cosmic/poker';
import { errorMessage, useToast, type ApiError } from '@cosmic/web-data-access';
import { Button, Dialog, Spinner } from '@cosmic/web-ui';
import {
  usePokerActMutation,
  usePokerCashOutMutation,
  usePokerSitInMutation,
  usePokerTableQuery,
} from '../api/poker.api';
import { chips } from '../model/bet-sizing';
import { ActionBar } from './action-bar';
import { BuyInDialog } from './buy-in-dialog';
import { HandHistory } from './hand-history';
import { TableFelt } from './table-felt';
import { useNow } from './use-now';

export interface TableScreenProps {
  tableId: string;
  /** Your HC balance in base units. */
  balance: bigint;
  /** False for a watch-only wallet: no chips can be added (the server would refuse). */
  canPlay?: boolean;
  onBack(): void;
}

function waitingFor(view: TableView): string | null {
  const h = view.hand;
  if (!h || h.finished || h.toAct === null) return null;
  const name = h.players.find((p) => p.seat === h.toAct)?.name;
  return name ?? null;
}

/** A table: the felt, your moves, your chips with Cash Out, and the hand history. */
export function TableScreen({ tableId, balance, canPlay = true, onBack }: TableScreenProps) {
  const { data, error } = usePokerTableQuery(tableId);
  const [act, { isLoading: acting }] = usePokerActMutation();
  const [cashOut, { isLoading: leaving }] = usePokerCashOutMutation();
  const [sitIn] = usePokerSitInMutation();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [topUp, setTopUp] = useState(false);
  const { toast } = useToast();
  const root = useRef<HTMLDivElement>(null);
  const view = data?.view;
  const loaded = !!view;
  // sitting down from a long list on a phone: bring the table into view once it is there
  useEffect(() => {
    const top = root.current?.getBoundingClientRect().top;
    if (loaded && top !== undefined && (top < 0 || top > window.innerHeight / 2))
      root.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  const clockOffset = useMemo(() => (view ? view.serverTime - Date.now() : 0), [view]);
  const now = useNow(!!view && (view.nextHandAt !== null || view.turn !== null));

  if (error)
    return (
      <p className="pk-error" role="alert">
        {errorMessage(error as ApiError, 'Could not open the table')}
      </p>
    );
  if (!view) return <Spinner label="Opening the table…" />;

  const you = view.you;
  const h = view.hand;
  const inHand = !!you && !!h && !h.finished && h.players.some((p) => p.seat === you.seat && !p.folded);
  const onAct = (action: string, amount?: number) =>
    act({ tableId, action, amount })
      .unwrap()
      .catch((e: ApiError) => toast({ title: 'Move refused', description: errorMessage(e), variant: 'error' }));
  const leave = async () => {
    setConfirmLeave(false);
    try {
      const r = await cashOut().unwrap();
      toast({
        title: `Cashed out ${r.hc} HC`,
        description: r.changeChips > 0 ? `${r.changeChips} chips are kept for your next buy-in.` : undefined,
        variant: 'success',
      });
      onBack();
    } catch (e) {
      toast({ title: 'Cash out failed', description: errorMessage(e as ApiError), variant: 'error' });
    }
  };

  return (
    <div className="pk-screen" ref={root}>
      <div className="pk-screen__play">
        <div className="pk-screen__bar">
          <Button variant="ghost" size="sm" onClick={onBack} disabled={!!you}>
            <span aria-hidden="true">←</span> Tables
          </Button>
          <h2 className="pk-screen__title">
            {view.table.name}{' '}
            <span className="cc-muted">
              · blinds {view.table.smallBlind}/{view.table.bigBlind}
            </span>
          </h2>
          {data.status !== 'open' && (
            <span className="pk-live pk-live--off" role="status">
              Reconnecting…
            </span>
          )}
          {data.status === 'open' && (
            <span className="pk-live" aria-label="Live">
              Live
            </span>
          )}
        </div>
        <TableFelt view={view} clockOffset={clockOffset} now={now} />
        {you && (
          <ActionBar
            legal={h && !h.finished ? h.legal : null}
            pot={h?.pot ?? 0}
            currentBet={h?.currentBet ?? 0}
            waitingFor={waitingFor(view)}
            busy={acting}
            onAct={(a, n) => void onAct(a, n)}
          />
        )}
      </div>
      <aside className="pk-screen__side">
        {you ? (
          <section className="pk-you cc-card" aria-labelledby="pk-you-title">
            <h2 id="pk-you-title" className="pk-panel-title">
              Your seat
            </h2>
            <p className="pk-you__stack">
              <strong>{chips(you.stack)}</strong> chips{' '}
              <span className="cc-muted">≈ {Math.floor(you.stack / 100)} HC</span>
            </p>
            {you.sittingOut && (
              <p className="pk-you__out">
                {you.stack === 0 ? 'Out of chips: add chips or cash out.' : 'You are sitting out.'}{' '}
                {you.stack > 0 && (
                  <Button size="sm" onClick={() => void sitIn(tableId)}>
                    Sit in
                  </Button>
                )}
              </p>
            )}
            <div className="pk-you__actions">
              <Button
                variant="primary"
                disabled={leaving}
                onClick={() => (inHand ? setConfirmLeave(true) : void leave())}
              >
                Cash Out
              </Button>
              <Button variant="ghost" disabled={!canPlay} onClick={() => setTopUp(true)}>
                Add chips
              </Button>
            </div>
            <p className="cc-muted pk-you__note">
              Cash out gives 1 HC for every 100 chips; odd chips wait for your next buy-in.
            </p>
          </section>
        ) : (
          <section className="pk-you cc-card">
            <p className="cc-muted">
              {canPlay
                ? 'You are watching. Take a seat from the tables list to play.'
                : 'You are watching. Sign in with your wallet to take a seat.'}
            </p>
          </section>
        )}
        <HandHistory
          hands={view.history ?? []}
          live={h}
          nextSeedHash={view.fairness.nextServerSeedHash}
          you={you?.seat ?? null}
        />
      </aside>
      {confirmLeave && (
        <Dialog
          title="Cash out now?"
          description="You are in a hand: leaving folds it, and the chips you already bet stay in the pot."
          onClose={() => setConfirmLeave(false)}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirmLeave(false)}>
                Keep playing
              </Button>
              <Button variant="primary" onClick={() => void leave()}>
                Fold and cash out
              </Button>
            </>
          }
        >
          <p>You take {chips(you?.stack ?? 0)} chips with you.</p>
        </Dialog>
      )}
      {topUp && canPlay && (
        <BuyInDialog
          table={view.table}
          balance={balance}
          changeChips={0}
          topUp
          onClose={() => setTopUp(false)}
          onDone={() => setTopUp(false)}
        />
      )}
    </div>
  );
}
