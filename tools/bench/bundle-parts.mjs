// What a built bundle holds, by part (issue 42 item 3: "measure what main.js holds"): every piece of
// the minified file is given to the source its source map names, the sources are grouped into parts
// (an npm package, a workspace project, webpack's runtime), and each part's code is gzipped. Parts
// gzipped apart compress worse than the whole file, so each part's share is scaled to the file's
// own gzip size (level 9, as tools/bench/web-bench.mjs counts). Prints a Markdown table.
//
//   node tools/bench/bundle-parts.mjs [--dir dist/apps/shell] [--chunk main] [--min 0.3]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: opts } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist/apps/shell' },
    chunk: { type: 'string', default: 'main' },
    min: { type: 'string', default: '0.3' },
  },
});

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source map segment's fields (base64 VLQ, as the source map format writes them). */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** The minified code, cut into the pieces the map gives each source: source index → code. */
function codeBySource(code, map) {
  const lines = code.split('\n');
  const pieces = map.sources.map(() => []);
  const unmapped = [];
  let source = 0;
  map.mappings.split(';').forEach((line, row) => {
    const text = lines[row] ?? '';
    let column = 0;
    let start = 0;
    let current = -1;
    const flush = (end) => (current < 0 ? unmapped : pieces[current]).push(text.slice(start, end));
    for (const segment of line.split(',').filter(Boolean)) {
      const [dColumn, dSource] = decodeSegment(segment);
      column += dColumn;
      flush(column);
      start = column;
      if (dSource === undefined) current = -1;
      else current = source += dSource;
    }
    flush(text.length);
  });
  return { pieces, unmapped: unmapped.join('') };
}

/** The part a source belongs to: an npm package, a workspace project, or webpack's runtime. */
function partOf(source) {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1];
  const project = /((?:libs\/web|libs|apps)\/[^/]+)\//.exec(path);
  if (project) return project[1];
  if (path.startsWith('webpack/')) return 'webpack runtime';
  return path.startsWith('src/') ? 'apps/shell' : path;
}

const file = readdirSync(opts.dir).find((f) => f.startsWith(`${opts.chunk}.`) && f.endsWith('.js'));
if (!file) throw new Error(`${opts.dir} has no ${opts.chunk}.<hash>.js`);
const code = readFileSync(join(opts.dir, file), 'utf8');
const map = JSON.parse(readFileSync(join(opts.dir, `${file}.map`), 'utf8'));
const { pieces, unmapped } = codeBySource(code, map);

const parts = new Map([['(no source)', unmapped]]);
map.sources.forEach((source, i) => {
  const part = partOf(source);
  parts.set(part, (parts.get(part) ?? '') + pieces[i].join(''));
});
const kib = (bytes) => (bytes / 1024).toFixed(1);
const total = gzipSync(code, { level: 9 }).length;
const rows = [...parts]
  .map(([part, text]) => ({ part, raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length }))
  .filter((row) => row.raw > 0);
const gzipSum = rows.reduce((sum, row) => sum + row.gzip, 0);
rows.sort((a, b) => b.gzip - a.gzip);

console.log(`${file}: ${kib(Buffer.byteLength(code))} KiB minified, ${kib(total)} KiB gzip\n`);
console.log('| part | KiB minified | KiB gzip (share of the file) |');
console.log('|---|---|---|');
let rest = { raw: 0, share: 0, count: 0 };
for (const row of rows) {
  const share = (row.gzip / gzipSum) * total;
  if (share / 1024 < Number(opts.min))
    rest = { raw: rest.raw + row.raw, share: rest.share + share, count: rest.count + 1 };
  else console.log(`| ${row.part} | ${kib(row.raw)} | ${kib(share)} |`);
}
if (rest.count) console.log(`| ${rest.count} smaller parts | ${kib(rest.raw)} | ${kib(rest.share)} |`);
