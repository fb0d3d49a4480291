import { useCurrentSeedsQuery, useRequestAddress, useSeedActions, useWallet } from '@cosmic/web-data-access';
import { Card } from '@cosmic/web-ui';
import {
  ClientSeedForm,
  NewServerSeedButton,
  SEED_PANEL_TEXT,
  SeedDetails,
  SeedsLoadError,
} from '@cosmic/web-ui-seeds';
import { RevealedSeeds } from './revealed-seeds';

/** Spec texts of the panel. */
export const PF_TEXT = SEED_PANEL_TEXT;

/** The player's seed pair: hash, client seed, nonce, rotation, and the revealed seeds to verify. */
export function ProvablyFairPanel() {
  const { status } = useWallet();
  const address = useRequestAddress();
  return (
    <Card className="cc-fair__card" aria-labelledby="pf-title">
      <h2 id="pf-title" className="cc-fair__title">
        Your seeds
      </h2>
      {address ? (
        <SeedManager address={address} />
      ) : (
        <PendingSeeds text={status === 'connecting' ? PF_TEXT.loading : PF_TEXT.notConnected} />
      )}
    </Card>
  );
}

/** What the seed notes say: the same under the pair and under its stand-in. */
function SeedNotes() {
  return (
    <ul className="cc-fair__notes">
      <li>Every result is derived from the server seed, your client seed and the nonce.</li>
      <li>The nonce goes up by one with each bet, so no two bets share a result.</li>
      <li>Changing either seed reveals the current server seed, so you can verify every bet made with it.</li>
      <li>
        The next server seed is fixed before you choose your client seed: a change makes exactly that seed active (its
        hash is shown above) and draws a new next one.
      </li>
    </ul>
  );
}

const noSeedChange = async () => false;

/**
 * The panel before there is a pair to show (the session starting, the pair loading, or no session):
 * the loaded panel's boxes and controls at their size, disabled, with `text` as the status, so the
 * page does not move when the pair arrives (it pushed the verifier below it out of view: CLS 0.21).
 */
function PendingSeeds({ text }: { text: string }) {
  return (
    <>
      <SeedDetails pending={text} />
      <ClientSeedForm onSubmit={noSeedChange} disabled />
      <NewServerSeedButton onRotate={() => undefined} disabled />
      <SeedNotes />
    </>
  );
}

function SeedManager({ address }: { address: string }) {
  const { data, isLoading, isError, refetch } = useCurrentSeedsQuery(address);
  const actions = useSeedActions(address);
  if (isLoading) return <PendingSeeds text={PF_TEXT.loading} />;
  if (isError || !data) return <SeedsLoadError className="cc-fair__bad" onRetry={() => void refetch()} />;
  return (
    <>
      <SeedDetails seeds={data} />
      {actions.blocked && (
        <p className="cc-fair__bad" data-testid="seeds-blocked">
          {actions.blocked}
        </p>
      )}
      <ClientSeedForm onSubmit={actions.updateClientSeed} busy={actions.updating} disabled={actions.blocked !== null} />
      <NewServerSeedButton
        onRotate={() => void actions.rotate()}
        busy={actions.rotating}
        disabled={actions.blocked !== null}
      />
      <SeedNotes />
      <RevealedSeeds address={address} />
    </>
  );
}
