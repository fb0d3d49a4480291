import { FeatureTile } from '@cosmic/web-ui';
import { CoinIcon, GamesIcon, ShieldIcon } from './icons';

/** The three promises of the landing page: 5 games, 1,000 AMINA, provably fair. */
export function FeatureTiles() {
  return (
    <section className="cc-tiles" aria-label="Highlights">
      <FeatureTile icon={<GamesIcon />} stat="5" title="Games" accent="cyan">
        Slots, plinko, blackjack, hi-lo and dice: play them all for free with unlimited House Coins.
      </FeatureTile>
      <FeatureTile icon={<CoinIcon />} stat="1,000" title="AMINA" accent="gold">
        A limited supply of 1,000 AMINA tokens on Algorand. Deposit, play and withdraw.
      </FeatureTile>
      <FeatureTile icon={<ShieldIcon />} stat="100%" title="Provably fair" accent="pink">
        Every outcome comes from a hashed server seed, your client seed and a nonce: verify any bet.
      </FeatureTile>
    </section>
  );
}
