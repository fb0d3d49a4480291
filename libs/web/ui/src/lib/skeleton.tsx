/** A shimmering placeholder for text that is still loading; `width` in ch. Hidden from screen readers. */
export function Skeleton({ width = 10 }: { width?: number }) {
  return <span className="cc-skeleton" style={{ ['--w' as string]: `${width}ch` }} aria-hidden="true" />;
}
