import { Link } from 'react-router-dom';
import { ExternalLink, PageTitle, ResponsibleGamingWarning } from '@cosmic/web-ui';
import { OddsTable } from './odds-table';
import { PlayerTools } from './player-tools';
import { SessionTools } from './session-tools';
import './info.css';

/** `/responsible-gaming`: the warning, the odds of every bet and the player tools. */
export function ResponsibleGamingPage() {
  return (
    <article className="cc-info" aria-labelledby="rg-title">
      <PageTitle name="Responsible Gaming" />
      <p className="cc-eyebrow">Support</p>
      <h1 id="rg-title" className="cc-page-title">
        Responsible Gaming
      </h1>
      <p className="cc-lead">
        Cosmic Casino is entertainment. House Coins are free and have no cash value; AMINA is a real token with real
        value.
      </p>
      <ResponsibleGamingWarning className="cc-info__warning" />
      <section className="cc-info__section" aria-labelledby="odds-title">
        <h2 id="odds-title">The odds</h2>
        <p>Every game has a house edge: over time the casino wins. These are the chances behind each bet.</p>
        <OddsTable />
        <p className="cc-info__fine">
          Return to player is what the paytables give back per unit staked over the long run, computed exactly from the
          shipped game engine (slots by simulation); every paytable and its exact fraction is on the{' '}
          <Link to="/fairness">Provably Fair</Link> page.
        </p>
      </section>
      <PlayerTools />
      <SessionTools />
      <section className="cc-info__section" aria-labelledby="help-title">
        <h2 id="help-title">Need to talk to someone?</h2>
        <ul className="cc-info__list">
          <li>Stop when it stops being fun, and never chase losses.</li>
          <li>Set a budget and a time limit before you start.</li>
        </ul>
        <p>Free, confidential help, any time:</p>
        <ul className="cc-info__list" aria-label="Help organisations">
          <li>
            <ExternalLink href="https://www.begambleaware.org/">BeGambleAware</ExternalLink>: advice, tools and where to
            find treatment.
          </li>
          <li>
            <ExternalLink href="https://www.gamcare.org.uk/">GamCare</ExternalLink>: support, information and
            counselling, by phone and online chat.
          </li>
          <li>
            <ExternalLink href="https://www.gamblersanonymous.org/">Gamblers Anonymous</ExternalLink>: meetings with
            others who have been there.
          </li>
          <li>
            National Gambling Helpline (UK, free, 24 hours): <a href="tel:+448088020133">0808 8020 133</a>.
          </li>
        </ul>
      </section>
    </article>
  );
}
