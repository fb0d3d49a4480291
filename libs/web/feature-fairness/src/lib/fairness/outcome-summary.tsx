import type { VerifierGame } from './verify-link';

type O = Record<string, unknown>;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const arr = (v: unknown): O[] => (Array.isArray(v) ? (v as O[]) : []);

function Dice({ o }: { o: O }) {
  const [a, b] = list(o['dice']);
  return (
    <p className="cc-fair__headline">
      Dice{' '}
      <strong>
        {a} + {b} = {String(o['total'])}
      </strong>{' '}
      on a <strong>{String(o['betType'])}</strong> bet: {o['won'] ? 'won' : 'lost'}
    </p>
  );
}

function Plinko({ o }: { o: O }) {
  const path = list(o['path']).map((step) => (step === '1' ? 'R' : 'L'));
  return (
    <p className="cc-fair__headline">
      Ball path <span className="cc-mono">{path.join(' ')}</span> lands in slot <strong>{String(o['slot'])}</strong> (
      {String(o['risk'])} risk)
    </p>
  );
}

function Hilo({ o }: { o: O }) {
  const guesses = arr(o['guesses']).map((g) => `${g['direction']} → ${g['card']} ${g['won'] ? '✓' : '✗'}`);
  return (
    <div className="cc-fair__headline">
      <p>
        Cards <span className="cc-mono">{list(o['cards']).join(' ')}</span>
      </p>
      {guesses.length > 0 && <p>Guesses: {guesses.join(', ')}</p>}
      <p>
        Run {String(o['status'])}, streak {String(o['streak'])}
      </p>
    </div>
  );
}

function Blackjack({ o }: { o: O }) {
  return (
    <div className="cc-fair__headline">
      <p>
        Dealer <span className="cc-mono">{list(o['dealer']).join(' ')}</span>
      </p>
      {arr(o['hands']).map((h, i) => (
        <p key={i}>
          Hand {i + 1} <span className="cc-mono">{list(h['cards']).join(' ')}</span>{' '}
          {h['result'] ? `— ${String(h['result'])}` : ''}
        </p>
      ))}
    </div>
  );
}

function Slots({ o }: { o: O }) {
  const cascades = arr(o['cascades']);
  return (
    <div className="cc-fair__headline">
      <p>
        Grid <span className="cc-mono">{list(o['initialGrid']).join(' ')}</span>
      </p>
      {cascades.map((c, i) => (
        <p key={i}>
          Cascade {i + 1}:{' '}
          {arr(c['clusters'])
            .map((k) => `${String(k['size'])} × ${String(k['symbol'])}`)
            .join(', ')}
        </p>
      ))}
      <p>
        {cascades.length === 0 ? 'No cluster' : `${cascades.length} winning cascade${cascades.length === 1 ? '' : 's'}`}
        , {String(o['scatters'])} scatters
        {Number(o['freeSpinsAwarded']) > 0 ? `, ${String(o['freeSpinsAwarded'])} free spins awarded` : ''}
      </p>
    </div>
  );
}

/** A one-look description of a recomputed outcome. */
export function OutcomeSummary({ game, outcome }: { game: VerifierGame; outcome: O }) {
  const View = { dice: Dice, plinko: Plinko, hilo: Hilo, blackjack: Blackjack, slots: Slots }[game];
  return <View o={outcome} />;
}
