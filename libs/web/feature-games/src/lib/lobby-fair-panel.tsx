import { Link } from 'react-router-dom';
import { useCurrentSeedsQuery, useRequestAddress, useSeedActions } from '@cosmic/web-data-access';
import {
  ClientSeedForm,
  NewServerSeedButton,
  SEED_PANEL_TEXT,
  SeedDetails,
  SeedsLoadError,
} from '@cosmic/web-ui-seeds';

/**
 * The lobby's Provably Fair panel (issue 26 item 5: "available" in the lobby): the player's seed hash,
 * client seed and nonce, the client seed update and the server seed rotation, and a link to the
 * full /fairness page (verifier, revealed seeds, history). Without a session it says so (libs/web/ui-seeds' texts).
 */
export function LobbyFairPanel() {
  const address = useRequestAddress();
  return (
    <section className="cc-lobby-fair cc-card" aria-labelledby="lobby-fair-title">
      <header className="cc-lobby-fair__head">
        <h2 id="lobby-fair-title" className="cc-lobby-fair__title">
          Provably Fair
        </h2>
        <Link to="/fairness">Verify bets and see revealed seeds</Link>
      </header>
      {address ? (
        <LobbySeeds address={address} />
      ) : (
        <p className="cc-lobby-fair__empty">{SEED_PANEL_TEXT.notConnected}</p>
      )}
    </section>
  );
}

function LobbySeeds({ address }: { address: string }) {
  const { data, isLoading, isError, refetch } = useCurrentSeedsQuery(address);
  const actions = useSeedActions(address);
  if (isLoading)
    return (
      <p className="cc-lobby-fair__empty" role="status">
        {SEED_PANEL_TEXT.loading}
      </p>
    );
  if (isError || !data) return <SeedsLoadError className="cc-lobby-fair__bad" onRetry={() => void refetch()} />;
  return (
    <div className="cc-lobby-fair__body">
      <SeedDetails seeds={data} showNext={false} />
      <div className="cc-lobby-fair__actions">
        {actions.blocked && (
          <p className="cc-lobby-fair__bad" data-testid="seeds-blocked">
            {actions.blocked}
          </p>
        )}
        <ClientSeedForm
          onSubmit={actions.updateClientSeed}
          busy={actions.updating}
          disabled={actions.blocked !== null}
        />
        <NewServerSeedButton
          onRotate={() => void actions.rotate()}
          busy={actions.rotating}
          disabled={actions.blocked !== null}
        />
        <p className="cc-lobby-fair__note">
          Every result is derived from the server seed, your client seed and the nonce.
        </p>
      </div>
    </div>
  );
}
