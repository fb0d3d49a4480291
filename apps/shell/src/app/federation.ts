import type { ComponentType } from 'react';

/** The three micro-frontends. */
export type RemoteName = 'games' | 'cashier' | 'security';

type Federation = { loadRemote<T>(id: string): Promise<T | null> };
let federation: Promise<Federation> | undefined;

/**
 * Creates the federation runtime on first use: reads `/remotes.json` (so a remote can move to
 * another origin without rebuilding the shell) and registers every remote with the shell's
 * shared singletons (loaded with the runtime, so `/` does not pay for them). A failure is not
 * cached, so Retry really retries.
 */
function getFederation(): Promise<Federation> {
  federation ??= (async () => {
    const [{ createInstance }, runtimeCore, { sharedModules }, manifest] = await Promise.all([
      import(/* webpackChunkName: "federation" */ '@module-federation/enhanced/runtime'),
      import(/* webpackChunkName: "federation" */ '@module-federation/runtime-core'),
      import(/* webpackChunkName: "federation" */ './shared-modules'),
      fetchManifest(),
    ]);
    // The remotes are built with `externalRuntime` (tools/webpack/remote.config.js): their
    // remoteEntry.js takes the federation runtime's core from this global instead of bundling a
    // second copy (~17 KiB gzip less on a remote's first route). Set before any remote loads.
    (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
    return createInstance({
      name: 'shell',
      remotes: Object.entries(manifest).map(([name, entry]) => ({ name, entry })),
      shared: sharedModules(),
    }) as unknown as Federation;
  })().catch((e: unknown) => {
    federation = undefined;
    throw e;
  });
  return federation;
}

/**
 * remotes.json. When the page opened on a remote route, route-preload.js (tools/webpack/route-preload.js)
 * already asked for it while main.js downloaded: that answer is taken once; a retry fetches again.
 */
async function fetchManifest(): Promise<Record<RemoteName, string>> {
  const early = (globalThis as { __cosmicRemotes?: Promise<Record<RemoteName, string>> }).__cosmicRemotes;
  if (early) {
    delete (globalThis as { __cosmicRemotes?: unknown }).__cosmicRemotes;
    return early;
  }
  const res = await fetch('/remotes.json', { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`remotes.json: ${res.status}`);
  return (await res.json()) as Record<RemoteName, string>;
}

/** A remote's component; `preload(path)`, if it has one, fetches the code of its screen at `path`. */
type RemoteComponent = ComponentType & { preload?(path: string): Promise<void> };

/**
 * Loads a remote's `./Module` and returns its default export (a React component), once the code of
 * its screen at the current path has arrived too: a first screen the server drew then hydrates
 * whole (src/app/remote-route.tsx). A screen whose code fails to load fails when it renders.
 */
export async function loadRemoteComponent(name: RemoteName): Promise<{ default: ComponentType }> {
  const mf = await getFederation();
  const mod = await mf.loadRemote<{ default: RemoteComponent }>(`${name}/Module`);
  if (!mod?.default) throw new Error(`remote ${name} has no default export`);
  await mod.default.preload?.(location.pathname).catch(() => undefined);
  return { default: mod.default };
}
