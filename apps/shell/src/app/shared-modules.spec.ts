/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { SUBSETS } from './shared-modules';

const root = join(__dirname, '../../../..');

// The code remotes bundle: their entries and every library except the two the shell shares whole
// (@cosmic/web-data-access and @cosmic/web-ui resolve their imports inside the shell's build).
const REMOTE_CODE = ['apps/games-mfe/src', 'apps/cashier-mfe/src', 'apps/security-mfe/src', 'libs'];
const SHARED_WHOLE = ['libs/web/data-access/', 'libs/web/ui/'];
const isTest = (path: string) => /\.spec\.tsx?$|[\\/](test|testing|__mocks__)[\\/]|test-setup\.ts$/.test(path);
// a remote's build-time renderer of its first screens runs in Node (webpack.fragments.config.js), never
// in a browser beside the shell: it bundles what it imports itself
const BUILD_TIME = ['apps/games-mfe/src/fragments.tsx', 'apps/cashier-mfe/src/fragments.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each value import (or re-export) of a subset-shared package: `file: name from package`. */
function importsOfSharedPackages(): { file: string; pkg: keyof typeof SUBSETS; name: string }[] {
  const found: { file: string; pkg: keyof typeof SUBSETS; name: string }[] = [];
  const files = REMOTE_CODE.flatMap(sourceFiles).filter(
    (f) => !isTest(f) && !BUILD_TIME.includes(f) && !SHARED_WHOLE.some((s) => f.startsWith(s)),
  );
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier)
        continue;
      const pkg = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (!(pkg in SUBSETS)) continue;
      const add = (name: string) =>
        found.push({ file: relative(root, join(root, file)), pkg: pkg as keyof typeof SUBSETS, name });
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        if (clause.name) add('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) add('*');
        if (bindings && ts.isNamedImports(bindings))
          bindings.elements.filter((e) => !e.isTypeOnly).forEach((e) => add((e.propertyName ?? e.name).text));
      } else if (!statement.isTypeOnly) {
        const clause = statement.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) add('*');
        else clause.elements.filter((e) => !e.isTypeOnly).forEach((e) => add((e.propertyName ?? e.name).text));
      }
    }
  }
  return found;
}

describe('shared modules given to remotes as named subsets', () => {
  const imports = importsOfSharedPackages();

  it("the scan sees the remotes' imports (games: Link and useParams from react-router-dom, skipToken from RTK Query)", () => {
    const names = (pkg: keyof typeof SUBSETS) => new Set(imports.filter((i) => i.pkg === pkg).map((i) => i.name));
    expect([...names('react-router-dom')]).toEqual(expect.arrayContaining(['Link', 'useParams']));
    expect([...names('@reduxjs/toolkit/query/react')]).toEqual(expect.arrayContaining(['skipToken']));
    expect(
      imports.some((i) => i.file === 'libs/web/feature-games/src/lib/games-app.tsx' && i.name === 'useParams'),
    ).toBe(true);
  });

  it("every export a remote's code imports from a subset-shared package is in the shell's subset", () => {
    const missing = imports
      .filter(({ pkg, name }) => !(name in SUBSETS[pkg]))
      .map(({ file, pkg, name }) => `${file}: ${name} from ${pkg} (add it to SUBSETS in shared-modules.ts)`);
    expect(missing).toEqual([]);
  });

  it('every export in a subset exists in its package', () => {
    const undefinedExports = Object.entries(SUBSETS).flatMap(([pkg, subset]) =>
      Object.entries(subset)
        .filter(([, value]) => value === undefined)
        .map(([name]) => `${name} from ${pkg}`),
    );
    expect(undefinedExports).toEqual([]);
  });
});
