// The API's build compiles TypeScript only: copy each module's live SQL files
// (apps/api/src/app/<module>/sql/*.sql, applied by database/repeatable-sql.ts) next to the compiled code.
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [from, to] = process.argv.slice(2);
let copied = 0;
for (const module of readdirSync(from)) {
  const dir = join(from, module, 'sql');
  if (!existsSync(dir)) continue;
  cpSync(dir, join(to, module, 'sql'), {
    recursive: true,
    filter: (f) => statSync(f).isDirectory() || f.endsWith('.sql'),
  });
  copied += readdirSync(dir).filter((f) => f.endsWith('.sql')).length;
}
if (copied === 0) throw new Error(`no live SQL files under ${from}/*/sql`);
console.log(`copied ${copied} SQL files to ${to}`);
