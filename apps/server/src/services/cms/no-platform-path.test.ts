import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * DESIGN §9, docs/cases-security.md §2: the case module never opens the platform path (the
 * cross-workspace role has no privilege on case tables, and no code of the module may try). Read
 * from the syntax tree, not the text: no call of a `platform` method (`ctx.platform(…)`), and no
 * import of `withPlatform`, `escalateToPlatform` or the platform role's name from anywhere.
 */
const FORBIDDEN_IMPORTS = new Set(['withPlatform', 'escalateToPlatform', 'PLATFORM_ROLE', 'holdTenant']);

/** Every way a file opens (or could open) the platform path, as `file:line what`. */
export function platformPathUses(dir: string): string[] {
  const found: string[] = [];
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'),
  );
  for (const rel of files) {
    const file = path.join(dir, rel);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const at = (node: ts.Node) => `${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && node.importClause?.namedBindings) {
        const bindings = node.importClause.namedBindings;
        if (ts.isNamedImports(bindings)) {
          for (const el of bindings.elements) {
            const name = (el.propertyName ?? el.name).text;
            if (FORBIDDEN_IMPORTS.has(name)) found.push(`${at(el)} imports ${name}`);
          }
        } else {
          // `import * as tenant from '…/db/tenant.ts'` would reach withPlatform as a property.
          const from = (node.moduleSpecifier as ts.StringLiteral).text;
          if (/db\/tenant(\.ts)?$/.test(from)) found.push(`${at(node)} imports the tenant module whole`);
        }
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : ts.isElementAccessExpression(callee) && ts.isStringLiteral(callee.argumentExpression)
            ? callee.argumentExpression.text
            : null;
        if (name === 'platform') found.push(`${at(node)} calls .platform()`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const planted = mkdtempSync(path.join(os.tmpdir(), 'cms-planted-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

describe('the case module and the platform path', () => {
  it('services/cms never opens it', () => {
    expect(platformPathUses(import.meta.dirname)).toEqual([]);
  });

  it('the rule fails on each planted way of opening it', () => {
    mkdirSync(path.join(planted, 'cases'), { recursive: true });
    writeFileSync(
      path.join(planted, 'cases', 'cases.service.ts'),
      [
        "import { withPlatform as wp } from '../../../core/db/tenant.ts';",
        "import { escalateToPlatform } from '../../../core/db/tenant.ts';",
        "import * as tenant from '../../../core/db/tenant.ts';",
        'export const a = (ctx) => ctx.platform({ action: "x" }, async () => 1);',
        "export const b = (ctx) => ctx['platform']({ action: 'x' }, async () => 1);",
        '// ctx.platform( in a comment is not a call',
        "export const c = 'ctx.platform(';",
      ].join('\n'),
    );
    writeFileSync(path.join(planted, 'cases', 'cases.test.ts'), 'ctx.platform({}, f);');
    expect(platformPathUses(planted)).toEqual([
      'cases/cases.service.ts:1 imports withPlatform',
      'cases/cases.service.ts:2 imports escalateToPlatform',
      'cases/cases.service.ts:3 imports the tenant module whole',
      'cases/cases.service.ts:4 calls .platform()',
      'cases/cases.service.ts:5 calls .platform()',
    ]);
  });
});
