import { useState } from 'react';
import type { TableSummary } from '@cosmic/poker';
import { useWallet } from '@cosmic/web-data-access';
import { PageTitle, Spinner, WatchOnlyNotice } from '@cosmic/web-ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePokerMeQuery, usePokerTablesQuery } from './api/poker.api';
import { BuyInDialog } from './components/buy-in-dialog';
import { TableLobby } from './components/table-lobby';
import { TableScreen } from './components/table-screen';
import './poker.css';

/**
 * `/poker`: Cosmic Poker. The tables list until you sit down (or watch), then the live table.
 * Your seat comes from the server, so a reload or a second tab returns to it. A watch-only wallet
 * may look and watch; the server refuses its buy-ins (403), so it gets the watch-only notice
 * (sign in, or play as guest) and no seat to take.
 */
export function PokerPage() {
  const wallet = useWallet();
  const ready = wallet.connected && !!wallet.address;
  const me = usePokerMeQuery(ready ? undefined : skipToken);
  const tables = usePokerTablesQuery(ready ? undefined : skipToken, { pollingInterval: 5000 });
  const [buying, setBuying] = useState<TableSummary | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const seatedAt = me.data?.seat?.tableId ?? null;
  const tableId = seatedAt ?? watching;
  const { watchOnly } = wallet;

  return (
    <section className="pk-page" aria-labelledby="poker-title">
      <PageTitle name="Cosmic Poker" />
      <header className="pk-page__head">
        <p className="cc-eyebrow">Play money · Texas Hold&apos;em</p>
        <h1 id="poker-title" className="cc-page-title">
          Cosmic Poker
        </h1>
        {!tableId && (
          <p className="cc-lead">
            Buy in with House Coins (100 chips = 1 HC) and play up to six at a table: other players, or our bots in the
            empty seats. Cash out any time: every 100 chips come back as 1 HC, and odd chips wait for your next buy-in.
          </p>
        )}
      </header>
      {watchOnly && (
        <WatchOnlyNotice address={wallet.address} onSignIn={wallet.requestSignIn} onPlayAsGuest={wallet.disconnect} />
      )}
      {!ready || me.isLoading || (!tableId && tables.isLoading) ? (
        <Spinner label="Finding a table…" />
      ) : tableId ? (
        <TableScreen
          key={tableId}
          tableId={tableId}
          balance={wallet.balances.hc}
          canPlay={!watchOnly}
          onBack={() => setWatching(null)}
        />
      ) : (
        <TableLobby
          tables={tables.data ?? []}
          canSit={!watchOnly}
          onSit={setBuying}
          onWatch={(t) => setWatching(t.id)}
        />
      )}
      {buying && !watchOnly && (
        <BuyInDialog
          table={buying}
          balance={wallet.balances.hc}
          changeChips={me.data?.changeChips ?? 0}
          onClose={() => setBuying(null)}
          onDone={() => {
            setBuying(null);
            setWatching(null);
          }}
        />
      )}
    </section>
  );
}
