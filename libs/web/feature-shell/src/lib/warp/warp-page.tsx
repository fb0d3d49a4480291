import { useCallback, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PageTitle } from '@cosmic/web-ui';
import { usePrefersReducedMotion } from '../use-reduced-motion';
import { introSkipped, skipIntroForGood } from './skip-intro';
import { useWarpDrive } from './use-warp-drive';
import { PHASE_LABELS } from './warp-timeline';
import './warp.css';

/** `/warp`: the star-field intro; straight to /casino for visitors who prefer reduced motion or chose to skip it for good. */
export function WarpPage() {
  const reduced = usePrefersReducedMotion();
  return reduced || introSkipped() ? <Navigate to="/casino" replace /> : <WarpScene />;
}

function WarpScene() {
  const navigate = useNavigate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const counter = useRef<HTMLSpanElement>(null);
  const arrive = useCallback(() => navigate('/casino', { replace: true }), [navigate]);
  const phase = useWarpDrive(canvas, counter, arrive);
  return (
    <div className="cc-warp" data-phase={phase}>
      <PageTitle name="Warp Drive" />
      <canvas ref={canvas} className="cc-warp__canvas" aria-hidden="true" />
      <div className="cc-warp__glow" aria-hidden="true" />
      <header className="cc-warp__top">
        <h1 className="cc-warp__title">Warp drive</h1>
        <div className="cc-warp__skips">
          <Link to="/casino" replace className="cc-button cc-button--ghost cc-warp__skip">
            Skip
          </Link>
          <Link to="/casino" replace className="cc-button cc-button--ghost cc-warp__skip" onClick={skipIntroForGood}>
            Don&apos;t show again
          </Link>
        </div>
      </header>
      <div className="cc-warp__hud">
        <p className="cc-warp__speed">
          <span className="cc-warp__speed-label">Warp factor</span>
          <span ref={counter} className="cc-warp__speed-value" data-testid="warp-speed">
            1.0
          </span>
        </p>
        <p className="cc-warp__phase" role="status">
          {PHASE_LABELS[phase]}
        </p>
      </div>
      <div className="cc-warp__flash" aria-hidden="true" />
    </div>
  );
}
