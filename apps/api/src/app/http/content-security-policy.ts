/** Origins (scheme://host:port) of the configured remote URLs that live on another origin. */
export function remoteOrigins(remoteUrls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of remoteUrls) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * Where the bundled wallet connectors talk to their wallet apps: Pera and Defly reach the phone
 * through WalletConnect bridges (their server lists come from wc.perawallet.app and
 * static.defly.app), and Pera's connect screen loads a data: image. Connections only: no script
 * from these origins ever runs here.
 */
export const WALLET_CONNECT_SOURCES = [
  'https://wc.perawallet.app',
  'https://*.perawallet.app',
  'wss://*.perawallet.app',
  'https://static.defly.app',
  'https://*.defly.app',
  'wss://*.defly.app',
  'https://bridge.walletconnect.org',
  'wss://bridge.walletconnect.org',
  'wss://*.bridge.walletconnect.org',
  'data:',
];

/**
 * The CSP: only this origin and the operator-configured remote origins may run scripts; no
 * third-party script origin ever (the wallet library is bundled, not loaded from a CDN).
 */
export function contentSecurityPolicy(remoteUrls: readonly string[], https: boolean): Record<string, string[] | null> {
  const remotes = remoteOrigins(remoteUrls);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes],
    // style-loader injects <style> elements at run time
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    imgSrc: ["'self'", 'data:', ...remotes],
    fontSrc: ["'self'", 'data:', ...remotes],
    connectSrc: ["'self'", ...remotes, ...WALLET_CONNECT_SOURCES],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // plain-http local runs must not be told to upgrade to https
    upgradeInsecureRequests: https ? [] : null,
  };
}
