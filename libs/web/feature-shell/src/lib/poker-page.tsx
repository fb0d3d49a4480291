import { Card } from '@cosmic/web-ui';

/** `/poker`: the play-money poker table. */
export function PokerPage() {
  return (
    <section aria-labelledby="poker-title">
      <p className="cc-eyebrow">Play money</p>
      <h1 id="poker-title" className="cc-page-title">Cosmic Poker</h1>
      <Card>
        <p className="cc-lead">Play-money Texas Hold&apos;em with House Coins: 100 chips per HC. The table opens soon.</p>
      </Card>
    </section>
  );
}
