import './lib/security.css';

/** The security remote's root: `/security`, the operators' dashboard (locked view, panels, vault). */
export { SecurityPage } from './lib/security-page';
