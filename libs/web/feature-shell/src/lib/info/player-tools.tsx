import { Button, Card } from '@cosmic/web-ui';

const NOT_YET = 'Available once your account is connected';

/** Daily loss limit and self-exclusion, shown but disabled until the account API exists. */
export function PlayerTools() {
  return (
    <section className="cc-info__section" aria-labelledby="tools-title">
      <h2 id="tools-title">Player tools</h2>
      <p className="cc-tools__note" id="tools-note">
        <span className="cc-badge cc-badge--cyan">Coming soon</span> {NOT_YET}.
      </p>
      <div className="cc-tools">
        <Card className="cc-tool">
          <h3>Daily loss limit</h3>
          <p>Set the most you can lose in 24 hours. Bets that would pass it are refused until the day is over. Lowering a limit applies at once; raising it waits 24 hours.</p>
          <div className="cc-field">
            <label htmlFor="loss-limit">Daily limit (HC)</label>
            <input id="loss-limit" className="cc-input" type="number" inputMode="numeric" placeholder="e.g. 500" disabled aria-describedby="tools-note" />
          </div>
          <Button disabled aria-describedby="tools-note">Save limit</Button>
        </Card>
        <Card className="cc-tool">
          <h3>Self-exclusion</h3>
          <p>Take a break from playing. During the break you cannot bet or deposit, and it cannot be undone early.</p>
          <div className="cc-field">
            <label htmlFor="exclusion">Exclude me for</label>
            <select id="exclusion" className="cc-input" disabled aria-describedby="tools-note" defaultValue="7">
              <option value="1">24 hours</option>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
              <option value="180">6 months</option>
            </select>
          </div>
          <Button disabled aria-describedby="tools-note">Start self-exclusion</Button>
        </Card>
      </div>
    </section>
  );
}
