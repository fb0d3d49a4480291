// Pip positions on a 3×3 grid (0..8) for each face.
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** One die face drawn with CSS pips. */
export function DieFace({ value, rolling }: { value: number; rolling: boolean }) {
  return (
    <div
      className={`cc-die${rolling ? ' cc-die--rolling' : ''}`}
      role="img"
      aria-label={rolling ? 'Rolling die' : `Die showing ${value}`}
      data-testid="die"
    >
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} className={PIPS[value]?.includes(i) ? 'cc-die__pip' : 'cc-die__gap'} />
      ))}
    </div>
  );
}
