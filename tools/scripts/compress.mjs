// Writes .gz and .br copies of a build's text assets so the server can send them precompressed
// (@fastify/static `preCompressed`), instead of compressing on every request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEXT = /\.(js|css|html|svg|json|txt)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(file);
      if (data.length < 512) continue;
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

for (const dir of process.argv.slice(2)) walk(dir);
