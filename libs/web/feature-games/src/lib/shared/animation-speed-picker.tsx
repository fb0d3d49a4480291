import { ANIMATION_SPEEDS, type AnimationSpeed } from './animation-speed';

/** "Animation speed": Normal, Fast or Instant, as radio buttons (Manual and Auto alike). */
export function AnimationSpeedPicker({
  speed,
  onChange,
  disabled,
}: {
  speed: AnimationSpeed;
  onChange(speed: AnimationSpeed): void;
  disabled?: boolean;
}) {
  // a fixed name (one picker a page), as the bet panel's ids (libs/web/ui/src/lib/bet-panel/bet-panel.tsx)
  const name = 'animation-speed';
  return (
    <fieldset className="cc-speed" disabled={disabled}>
      <legend className="cc-game__label">Animation speed</legend>
      <div className="cc-speed__options">
        {ANIMATION_SPEEDS.map((s) => (
          <label key={s.speed} className="cc-speed__option">
            <input
              type="radio"
              name={name}
              value={s.speed}
              checked={speed === s.speed}
              onChange={() => onChange(s.speed)}
            />
            <span>{s.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
