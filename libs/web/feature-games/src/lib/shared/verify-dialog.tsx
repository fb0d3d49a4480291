import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRequestAddress, useSeedActions, useSeedHistoryQuery } from '@cosmic/web-data-access';
import { Button, Dialog, FactList } from '@cosmic/web-ui';
import { paramFacts, Recomputed, type VerifyParams, verifyHref } from '@cosmic/web-ui-bet-details';

/**
 * "Verify this bet" as a dialog over the game: the bet's seeds and parameters, and once its server
 * seed is revealed (rotating the pair reveals it) the bet recomputed in the browser with the same
 * engine the server settled with. The full verifier page is one link away, prefilled.
 */
export default function VerifyDialog({ bet, onClose }: { bet: VerifyParams; onClose(): void }) {
  const address = useRequestAddress();
  const { data: history, isFetching } = useSeedHistoryQuery(address ?? skipToken);
  const seeds = useSeedActions(address ?? '');
  const revealed = history?.find((h) => h.serverSeedHash === bet.serverSeedHash);
  const stake = bet.stake ? [{ label: 'Bet', value: `${bet.stake.amount} ${bet.stake.currency}` }] : [];
  const facts = [
    { label: 'Game', value: bet.game },
    ...paramFacts(bet.game, bet.extra),
    ...stake,
    { label: 'Nonce', value: String(bet.nonce) },
    { label: 'Client seed', value: bet.clientSeed },
    { label: 'Server seed hash', value: bet.serverSeedHash },
  ];
  return (
    <Dialog title="Verify this bet" onClose={onClose} actions={<Button onClick={onClose}>Close</Button>}>
      <div className="cc-verify" data-testid="verify-dialog">
        <FactList facts={facts} />
        {revealed ? (
          <Recomputed bet={bet} serverSeed={revealed.serverSeed} />
        ) : (
          <div className="cc-verify__secret">
            <p>
              The server seed of this bet is still secret: it is revealed when you rotate your seed pair (your next bets
              use a new pair).
            </p>
            {seeds.blocked ? (
              <p>{seeds.blocked}</p>
            ) : (
              <Button variant="primary" disabled={seeds.rotating || isFetching} onClick={() => void seeds.rotate()}>
                Reveal the server seed
              </Button>
            )}
          </div>
        )}
        <Link to={verifyHref(bet, revealed?.serverSeed)} onClick={onClose}>
          Open in the verifier
        </Link>
      </div>
    </Dialog>
  );
}
