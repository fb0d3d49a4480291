// The shell's nginx answers each prerendered page with its own file (dist/apps/shell/prerendered/<page>.html,
// written by apps/shell/src/prerender.tsx), as the API does (apps/api/src/app/web/prerendered-pages.ts).
// The mapping from path to file is a `map` in docker/nginx/shell.conf between two marker lines, written
// here from libs/contracts' route list (prerenderedPaths, prerenderedPageName), never by hand:
//   node tools/scripts/nginx-pages.mjs          rewrites it after a route changed
// and tools/scripts/check-docker.mjs checks that nginx maps every prerendered page, as that route list says.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const SHELL_CONF = 'docker/nginx/shell.conf';
export const WEB_ROUTES_FILE = 'libs/contracts/src/lib/web-routes.ts';
/** The variable the map sets: the page's file name without `.html`, empty for a page not prerendered. */
export const PAGE_VARIABLE = '$prerendered_page';
const BEGIN = "# BEGIN prerendered pages: written by tools/scripts/nginx-pages.mjs from libs/contracts' route list";
const END = '# END prerendered pages';

/** The exports of a TypeScript module that imports nothing (transpiled here). */
export async function importTs(file) {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The map block: each prerendered path, in any case and with one trailing slash as isWebRoute takes
 * it, to prerenderedPageName(path); any other page to nothing (the app's index.html).
 */
export function pagesMap(webRoutes) {
  const entries = webRoutes
    .prerenderedPaths()
    .map((path) => `  "~*^/${escape(path.slice(1))}/?$" ${webRoutes.prerenderedPageName(path)};`);
  return [BEGIN, `map $uri ${PAGE_VARIABLE} {`, '  default "";', ...entries, '}', END].join('\n');
}

/** The map's entries as nginx reads them, in order: a regular expression (case-insensitive with ~*) and its value. */
export function mapEntries(conf) {
  const m = new RegExp(`\\bmap\\s+\\$uri\\s+\\${PAGE_VARIABLE}\\s*\\{([^}]*)\\}`).exec(conf);
  if (!m) return null;
  return [...m[1].matchAll(/^\s*"?(~\*?)([^"\s]+)"?\s+(\S+);/gm)].map(([, op, re, value]) => ({
    re: new RegExp(re, op === '~*' ? 'i' : ''),
    value,
  }));
}

/** What the map sets for `uri`: the first matching entry's value, else the default (""). */
export function mappedPage(entries, uri) {
  return entries.find((e) => e.re.test(uri))?.value ?? '';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const conf = readFileSync(SHELL_CONF, 'utf8');
  const at = conf.indexOf(BEGIN);
  const end = conf.indexOf(END, at);
  if (at < 0 || end < 0) throw new Error(`${SHELL_CONF} has no "${BEGIN}" … "${END}" block to rewrite`);
  const block = pagesMap(await importTs(WEB_ROUTES_FILE));
  writeFileSync(SHELL_CONF, conf.slice(0, at) + block + conf.slice(end + END.length));
  console.log(`${SHELL_CONF}: ${block.split('\n').length - 5} prerendered pages mapped`);
}
