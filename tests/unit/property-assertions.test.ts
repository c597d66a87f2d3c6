/**
 * No assertion inside a fast-check property sits under a condition (if, ?:, &&, ||, ??, a switch
 * case, a catch): a property whose check runs only when its draw happens to meet the condition
 * passes without checking anything when it never does. Such a property is split, narrowed with
 * fc.pre (which fails the run when too few draws qualify), or its answer is checked as one value.
 * Read from every test file's syntax tree, for the properties written inline (fc.property(...,
 * (x) => { ... }) and fc.asyncProperty).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = new URL('../..', import.meta.url).pathname;

/** The kind of condition that `node` (a child of `parent`) runs under, if its parent makes one. */
function conditionOf(node: ts.Node, parent: ts.Node): string | undefined {
  if (ts.isIfStatement(parent) && node !== parent.expression) return 'if';
  if (ts.isConditionalExpression(parent) && node !== parent.condition) return '?:';
  if (ts.isBinaryExpression(parent) && node === parent.right) {
    const operator = parent.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken || operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return ts.tokenToString(operator);
  }
  if (ts.isCaseClause(parent) || ts.isDefaultClause(parent)) return 'case';
  if (ts.isCatchClause(parent)) return 'catch';
  return undefined;
}

/** `file:line (condition)` for every expect(...) call under a condition inside a property's predicate. */
function conditionalAssertions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const inPredicate = (node: ts.Node, condition: string | undefined) => {
    const under = conditionOf(node, node.parent) ?? condition;
    if (under && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expect')
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} (${under})`);
    ts.forEachChild(node, (child) => inPredicate(child, under));
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      (node.expression.name.text === 'property' || node.expression.name.text === 'asyncProperty')
    ) {
      const predicate = node.arguments.at(-1);
      if (predicate && (ts.isArrowFunction(predicate) || ts.isFunctionExpression(predicate)))
        ts.forEachChild(predicate, (child) => inPredicate(child, undefined));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('assertions in property tests', () => {
  it('never sit under a condition, in any test file', () => {
    const files = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => conditionalAssertions(`tests/${f}`, readFileSync(join(root, 'tests', f), 'utf8')))).toEqual([]);
  });

  it('are found under each kind of condition, and not where they always run', () => {
    const sample = `
      fc.assert(fc.property(fc.integer(), (n) => {
        expect(n).toBeDefined();
        if (n > 0) expect(n).toBeGreaterThan(0);
        else { expect(n).toBeLessThan(1); }
        n > 5 ? expect(n).toBe(6) : undefined;
        n > 6 && expect(n).toBe(7);
        switch (n) { case 1: expect(n).toBe(1); }
        try { JSON.parse(''); } catch { expect(n).toBe(n); }
        expect(n > 0 ? n : -n).toBeGreaterThanOrEqual(0);
        expect(n).toEqual(n > 0 ? expect.any(Number) : n);
      }));
      fc.assert(fc.asyncProperty(fc.integer(), async (n) => { for (const m of [n]) if (m) expect(m).toBe(n); }));
      if (ready) expect(1).toBe(1);
    `;
    expect(conditionalAssertions('sample.ts', sample)).toEqual([
      'sample.ts:4 (if)',
      'sample.ts:5 (if)',
      'sample.ts:6 (?:)',
      'sample.ts:7 (&&)',
      'sample.ts:8 (case)',
      'sample.ts:9 (catch)',
      'sample.ts:13 (if)',
    ]);
  });
});
