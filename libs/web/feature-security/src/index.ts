/** The security remote's root. */
export { SecurityPage } from './lib/security-page';
