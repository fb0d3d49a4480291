/** Origins (scheme://host:port) of the configured remote URLs that live on another origin. */
export function remoteOrigins(remoteUrls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of remoteUrls) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

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
    connectSrc: ["'self'", ...remotes],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // plain-http local runs must not be told to upgrade to https
    upgradeInsecureRequests: https ? [] : null,
  };
}
