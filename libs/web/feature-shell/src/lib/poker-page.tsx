/** `/poker`: the play-money poker table. */
export function PokerPage() {
  return (
    <section aria-labelledby="poker-title">
      <h1 id="poker-title" className="cc-page-title">Cosmic Poker</h1>
      <p>Play-money Texas Hold&apos;em with House Coins: 100 chips per HC.</p>
    </section>
  );
}
