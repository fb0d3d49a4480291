import * as fs from 'node:fs';
import * as path from 'node:path';
import * as engine from './index';

const src = __dirname;
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });

describe('library boundary', () => {
  it('library code imports nothing but its own relative modules (platform-neutral)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (!m[1].startsWith('./') && !m[1].startsWith('../')) offenders.push(`${path.relative(src, file)}: ${m[1]}`);
      }
      if (/Math\.random|Date\.now|new Date\(|performance\.now|\bBuffer\b|\bprocess\./.test(text))
        offenders.push(`${path.relative(src, file)}: platform or clock use`);
    }
    expect(offenders).toEqual([]);
  });

  it('every export statement of index.ts has a one-line doc comment', () => {
    const lines = fs.readFileSync(path.join(src, 'index.ts'), 'utf8').split('\n');
    const undocumented = lines.filter(
      (l, i) => l.startsWith('export') && !/^\/\*\*.*\*\/$/.test(lines[i - 1]?.trim() ?? ''),
    );
    expect(undocumented).toEqual([]);
  });

  it('exports the main entry points', () => {
    for (const name of [
      'fairStream',
      'verify',
      'paytables',
      'payout',
      'hiloStart',
      'blackjackDeal',
      'CascadeEngine',
      'findClusters',
      'plinkoRtp',
      'playSlots',
      'SLOTS_MODEL',
      'simulateSlots',
    ]) {
      expect(engine).toHaveProperty(name);
    }
  });
});
