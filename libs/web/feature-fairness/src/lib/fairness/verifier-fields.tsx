import { VERIFIER_GAMES, type VerifyInput } from './verify-link';
import { GameParamField } from './game-param-field';
import { TextField } from './text-field';

const GAME_NAMES: Record<VerifyInput['game'], string> = {
  dice: 'Nebula Dice',
  plinko: 'Quantum Plinko',
  hilo: 'Cosmic Hi-Lo',
  blackjack: 'Galaxy Blackjack',
  slots: 'Cosmic Chaos Slots',
};

export interface VerifierFieldsProps {
  input: VerifyInput;
  onChange(patch: Partial<VerifyInput>): void;
}

/** Game, seeds, nonce, the committed hash and the game's parameters. */
export function VerifierFields({ input, onChange }: VerifierFieldsProps) {
  return (
    <div className="cc-fair__fields">
      <div className="cc-field">
        <label htmlFor="verify-game">Game</label>
        <select
          id="verify-game"
          className="cc-input"
          value={input.game}
          onChange={(e) => onChange({ game: e.target.value as VerifyInput['game'] })}
        >
          {VERIFIER_GAMES.map((g) => (
            <option key={g} value={g}>
              {GAME_NAMES[g]}
            </option>
          ))}
        </select>
      </div>
      <GameParamField input={input} onChange={onChange} />
      <TextField
        id="verify-server-seed"
        label="Server seed"
        value={input.serverSeed}
        onChange={(serverSeed) => onChange({ serverSeed: serverSeed.trim() })}
        mono
        wide
        hint="64 hex characters, revealed when you rotate your seed pair"
      />
      <TextField
        id="verify-hash"
        label="Server seed hash (optional)"
        value={input.hash}
        onChange={(hash) => onChange({ hash: hash.trim() })}
        mono
        wide
        hint="The SHA-256 you were shown before betting"
      />
      <TextField
        id="verify-client-seed"
        label="Client seed"
        value={input.clientSeed}
        onChange={(clientSeed) => onChange({ clientSeed })}
        mono
      />
      <TextField
        id="verify-nonce"
        label="Nonce"
        value={input.nonce}
        onChange={(nonce) => onChange({ nonce: nonce.trim() })}
        inputMode="numeric"
      />
    </div>
  );
}
