/**
 * What the server loads must be installed by a production install (`npm ci --omit=dev`): every bare
 * import in server/ and core/ names a Node built-in or a package in `dependencies`. An import of a
 * devDependency works on every developer's machine and in the tests, and breaks only in production.
 * Type-only imports are left out: Node strips them before running anything.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('../..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(root, folder, f));
}

/** The modules a file loads when it runs: static imports and re-exports (not type-only ones) and dynamic import() of a literal. */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && !node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** "@scope/name/sub" → "@scope/name", "name/sub" → "name"; undefined for a relative or absolute path. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('production imports', () => {
  it('reads static, re-exported and dynamic imports, and leaves out type-only ones', () => {
    const text = [
      "import { a } from 'alpha/sub';",
      "import type { B } from 'beta';",
      "import { type C } from 'gamma';",
      "export { d } from '@scope/delta/x';",
      "export type { E } from 'epsilon';",
      "import 'zeta';",
      "const m = await import('eta');",
    ].join('\n');
    expect(runtimeImports('x.ts', text).map(packageOf)).toEqual(['alpha', 'gamma', '@scope/delta', 'zeta', 'eta']);
  });

  it('server/ and core/ import only Node built-ins and packages in dependencies', () => {
    const wrong: string[] = [];
    for (const file of [...sourceFiles('server'), ...sourceFiles('core')])
      for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'))) {
        const name = packageOf(specifier);
        if (name === undefined || isBuiltin(specifier)) continue;
        if (!Object.hasOwn(manifest.dependencies, name)) wrong.push(`${relative(root, file)} imports ${specifier}`);
      }
    expect(wrong).toEqual([]);
  });
});
