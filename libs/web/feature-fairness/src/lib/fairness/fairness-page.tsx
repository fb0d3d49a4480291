import { Link } from 'react-router-dom';
import { PageTitle } from '@cosmic/web-ui';
import { BetsHistory } from './bets-history';
import { HowItWorks } from './how-it-works';
import { PaytablesView } from './paytables-view';
import { ProvablyFairPanel } from './provably-fair-panel';
import { Verifier } from './verifier';
import './fairness.css';

/** `/fairness`: the player's seeds, the in-browser verifier, bet history and the published paytables. */
export default function FairnessPage() {
  return (
    <div className="cc-fair">
      <PageTitle name="Provably Fair" />
      <header className="cc-fair__intro">
        <p className="cc-eyebrow">Trust, but verify</p>
        <h1 className="cc-page-title">Provably Fair</h1>
        <p className="cc-lead">
          Before you bet you see the SHA-256 of the server seed. Each result is HMAC-SHA256 of that seed with your
          client seed and the bet's nonce. Rotate the pair to reveal the seed and recompute any bet right here.
        </p>
        <p className="cc-lead">
          Can the house pay? The <Link to="/fairness/reserves">proof of reserves</Link> shows it holds the AMINA it
          owes, and lets you check your own balance is counted.
        </p>
      </header>
      <div className="cc-fair__grid">
        <ProvablyFairPanel />
        <Verifier />
      </div>
      <BetsHistory />
      <HowItWorks />
      <PaytablesView />
    </div>
  );
}
