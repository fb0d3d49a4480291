import { useCurrentSeedsQuery, useWallet } from '@cosmic/web-data-access';
import { Button, Card } from '@cosmic/web-ui';
import { ClientSeedForm } from './client-seed-form';
import { NewServerSeedButton } from './new-server-seed-button';
import { RevealedSeeds } from './revealed-seeds';
import { SeedDetails } from './seed-details';

/** Spec texts of the panel. */
export const PF_TEXT = {
  notConnected: 'Connect your wallet to manage provably fair seeds',
  loading: 'Loading provably fair data...',
} as const;

/** The player's seed pair: hash, client seed, nonce, rotation, and the revealed seeds to verify. */
export function ProvablyFairPanel() {
  const { connected, address } = useWallet();
  return (
    <Card className="cc-fair__card" aria-labelledby="pf-title">
      <h2 id="pf-title" className="cc-fair__title">Your seeds</h2>
      {connected && address ? <SeedManager address={address} /> : <p className="cc-fair__empty">{PF_TEXT.notConnected}</p>}
    </Card>
  );
}

function SeedManager({ address }: { address: string }) {
  const { data, isLoading, isError, refetch } = useCurrentSeedsQuery(address);
  if (isLoading) return <p className="cc-fair__empty" role="status">{PF_TEXT.loading}</p>;
  if (isError || !data) {
    return (
      <p className="cc-fair__bad" role="alert">
        The seed pair could not be loaded. <Button size="sm" onClick={() => void refetch()}>Retry</Button>
      </p>
    );
  }
  return (
    <>
      <SeedDetails seeds={data} />
      <ClientSeedForm address={address} />
      <NewServerSeedButton address={address} />
      <ul className="cc-fair__notes">
        <li>Every result is derived from the server seed, your client seed and the nonce.</li>
        <li>The nonce goes up by one with each bet, so no two bets share a result.</li>
        <li>Changing either seed reveals the current server seed, so you can verify every bet made with it.</li>
        <li>The next server seed is fixed before you choose your client seed: a change makes exactly that seed active (its hash is shown above) and draws a new next one.</li>
      </ul>
      <RevealedSeeds address={address} />
    </>
  );
}
