import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The boundaries of the code, checked on its syntax tree (the TypeScript compiler's parser), not on
 * its text: what each file imports (static, dynamic and re-exports, with the names it binds) and
 * what it calls. `architecture.test.ts` runs the rules on the real tree and on planted violations;
 * `npm run boundaries` prints what they find. The rules, and why, are in docs/tenancy-and-audit.md
 * §5 ("What the checks enforce").
 *
 * Server zones (paths under apps/server/src):
 * - a module: `services/<name>/…` (main, lms, cms, escalation, and each one added later);
 * - core: `core/…` (tenancy, auth, jobs, audit, policies, helpers every module shares);
 * - the database: `db/…` (tables and migrations) and `core/db/…` (connections, transactions);
 * - composition: everything else (`app.ts`, `main.ts`, `seed/`, `testing/`, `dev/`, tests), which
 *   wires modules together and may import anything.
 */

/** One broken rule, where it is broken. */
export type Violation = { rule: RuleName; file: string; line: number; detail: string };

export type RuleName =
  | 'module-imports'
  | 'database-only-in-repositories'
  | 'repository-opens-no-transaction'
  | 'owner-connection-not-in-modules'
  | 'core-imports-no-module'
  | 'cms-never-opens-the-platform-path'
  | 'queries-only-in-repositories'
  | 'audit-only-through-ctx'
  | 'web-feature-imports';

/** The files of a tree by path relative to its root (forward slashes), with their text. */
export type Tree = Map<string, string>;

/** Reads every `.ts`/`.tsx` file under `root` (no node_modules, no build output). */
export function readTree(root: string): Tree {
  const tree: Tree = new Map();
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !/\.tsx?$/.test(e.name) || e.name.endsWith('.d.ts')) continue;
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (rel.split('/').some((p) => p === 'node_modules' || p === 'dist')) continue;
    tree.set(rel, readFileSync(full, 'utf8'));
  }
  return tree;
}

/** One import (or re-export, or dynamic import) of a file. */
type Import = {
  specifier: string;
  /** The path it names relative to the tree's root, for a relative specifier; null for a package. */
  target: string | null;
  /** Only types (erased at run time): `import type …`, or every name marked `type`. */
  typeOnly: boolean;
  /** The names it binds: imported name → local name (`*` for a namespace). */
  names: Array<{ imported: string; local: string }>;
  line: number;
};

type Parsed = { file: string; source: ts.SourceFile; imports: Import[] };

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function resolveSpecifier(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** Parses a file and lists its imports, re-exports and dynamic imports. */
export function parse(file: string, text: string): Parsed {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const imports: Import[] = [];
  const add = (specifier: string, node: ts.Node, typeOnly: boolean, names: Import['names']) =>
    imports.push({ specifier, target: resolveSpecifier(file, specifier), typeOnly, names, line: lineOf(source, node) });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: Import['names'] = [];
      let allTypes = clause?.isTypeOnly ?? false;
      if (clause?.name) names.push({ imported: 'default', local: clause.name.text });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push({ imported: '*', local: bindings.name.text });
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements)
          names.push({ imported: (el.propertyName ?? el.name).text, local: el.name.text });
        if (!clause?.name && bindings.elements.length > 0 && bindings.elements.every((el) => el.isTypeOnly))
          allTypes = true;
      }
      add(node.moduleSpecifier.text, node, allTypes, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: Import['names'] = [];
      if (node.exportClause && ts.isNamedExports(node.exportClause))
        for (const el of node.exportClause.elements)
          names.push({ imported: (el.propertyName ?? el.name).text, local: el.name.text });
      else names.push({ imported: '*', local: '*' });
      add(node.moduleSpecifier.text, node, node.isTypeOnly, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, node, false, [{ imported: '*', local: '*' }]);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, node, true, []);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file, source, imports };
}

/** Every call in a file: the called name (the identifier, or the property of `a.b(…)`) and its receiver. */
function calls(p: Parsed): Array<{ name: string; receiver: string | null; line: number }> {
  const found: Array<{ name: string; receiver: string | null; line: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isTaggedTemplateExpression(node)) {
      let callee: ts.Expression = ts.isCallExpression(node) ? node.expression : node.tag;
      while (ts.isParenthesizedExpression(callee) || ts.isNonNullExpression(callee)) callee = callee.expression;
      if (ts.isIdentifier(callee)) found.push({ name: callee.text, receiver: null, line: lineOf(p.source, node) });
      else if (ts.isPropertyAccessExpression(callee))
        found.push({
          name: callee.name.text,
          receiver: ts.isIdentifier(callee.expression) ? callee.expression.text : callee.expression.getText(p.source),
          line: lineOf(p.source, node),
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(p.source);
  return found;
}

/** Every read of a property named `name` (`x.name`, `x?.name`, `const { name } = x`, `x['name']`). */
function propertyReads(p: Parsed, name: string): number[] {
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === name) lines.push(lineOf(p.source, node));
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === name
    )
      lines.push(lineOf(p.source, node));
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if (ts.isIdentifier(key) && key.text === name) lines.push(lineOf(p.source, node));
    }
    ts.forEachChild(node, visit);
  };
  visit(p.source);
  return lines;
}

/** Every `….deps.db` or `deps.db` (the owner connection read from the dependencies). */
function depsDbReads(p: Parsed): number[] {
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'db') {
      const e = node.expression;
      if ((ts.isIdentifier(e) && e.text === 'deps') || (ts.isPropertyAccessExpression(e) && e.name.text === 'deps'))
        lines.push(lineOf(p.source, node));
    }
    ts.forEachChild(node, visit);
  };
  visit(p.source);
  return lines;
}

/** Every use of an identifier `name` anywhere (a call, a reference, an import binding). */
function identifierUses(p: Parsed, name: string): number[] {
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name) lines.push(lineOf(p.source, node));
    ts.forEachChild(node, visit);
  };
  visit(p.source);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Server

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const isRepo = (f: string) => f.endsWith('.repo.ts');

/** The module a server path belongs to (`services/<name>/…`), or null. */
export function moduleOf(rel: string): string | null {
  const m = /^services\/([^/]+)\//.exec(rel);
  return m ? m[1]! : null;
}

const isCore = (rel: string) => rel.startsWith('core/');
/** The database itself: its tables (`db/`) and its connections and transactions (`core/db/`). */
const isDatabase = (rel: string) => rel.startsWith('db/') || rel.startsWith('core/db/');
/** Packages that reach the database directly. */
const DATABASE_PACKAGES = /^(drizzle-orm|pg|@electric-sql\/pglite|pg-boss)(\/|$)/;

/** The calls that open a transaction (on the owner connection, or a savepoint on a transaction). */
const TRANSACTION_OPENERS = new Set(['withTenant', 'withPlatform', 'transaction', 'holdTenant']);
/**
 * What a service may take from the transaction helpers (`core/db/tenant.ts`) inside the transaction
 * `ctx.tenant` opened for it: controls of that transaction, no SQL of its own. `lockWorkspace`
 * serialises a workspace's changes; `escalateToPlatform` switches the transaction to the platform
 * role for one named, audited reason (never in cms: see the rule below).
 */
const TRANSACTION_CONTROLS = new Set(['lockWorkspace', 'escalateToPlatform']);
/** A query built on a transaction handle: only a repository does this. */
const TX_QUERIES = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'query']);

/**
 * The rules for apps/server/src. Tests (`*.test.ts`) are composition: they may reach into any
 * module to set up a case; the code under test may not.
 */
export function serverViolations(tree: Tree): Violation[] {
  return [...tree].flatMap(([file, text]) => memo(serverCache, file, text, checkServer));
}

function checkServer(tree: Tree): Violation[] {
  const out: Violation[] = [];
  for (const [file, text] of tree) {
    if (isTest(file)) continue;
    const p = parse(file, text);
    const mod = moduleOf(file);
    const push = (rule: RuleName, line: number, detail: string) => out.push({ rule, file, line, detail });

    // A route or service outside the modules (core/files.routes.ts, dev/, the health routes) builds
    // no SQL either, as before these rules.
    const layered = !isRepo(file) && mod === null && /\.(service|routes)\.ts$/.test(file);
    for (const imp of p.imports) {
      const t = imp.target;
      const targetModule = t ? moduleOf(t) : null;
      // A module: core, the contract, packages and itself; never another module or the composition.
      if (mod !== null && t !== null && targetModule !== mod && !isCore(t) && !isDatabase(t))
        push(
          'module-imports',
          imp.line,
          targetModule
            ? `module ${mod} imports module ${targetModule} (${t})`
            : `module ${mod} imports ${t}, which is neither core nor its own`,
        );
      // Core: no module, nor anything that composes modules.
      if (isCore(file) && t !== null && !isCore(t) && !isDatabase(t))
        push('core-imports-no-module', imp.line, `core imports ${t}`);
      // The database (tables, connections, drizzle, the drivers): repositories only, in a module.
      if (mod !== null && !isRepo(file) && !imp.typeOnly) {
        const controls = t === 'core/db/tenant.ts' && imp.names.every((n) => TRANSACTION_CONTROLS.has(n.imported));
        if (t !== null && isDatabase(t) && !controls) push('database-only-in-repositories', imp.line, `imports ${t}`);
        if (t === null && DATABASE_PACKAGES.test(imp.specifier))
          push('database-only-in-repositories', imp.line, `imports ${imp.specifier}`);
      }
      if (layered && !imp.typeOnly && (DATABASE_PACKAGES.test(imp.specifier) || t?.startsWith('db/')))
        push('database-only-in-repositories', imp.line, `imports ${t ?? imp.specifier}`);
      if (mod !== null && t === 'db/schema.ts') {
        /* also type-only imports of the tables are the database */
        if (!isRepo(file) && imp.typeOnly) push('database-only-in-repositories', imp.line, `imports ${t}`);
      }
      // The owner connection's types name what a module must never hold.
      if (mod !== null && t === 'core/db/database.ts')
        for (const n of imp.names)
          if (n.imported === 'Db' || n.imported === 'Database')
            push('owner-connection-not-in-modules', imp.line, `imports ${n.imported} (the owner connection)`);
      if (mod === 'cms' && t === 'core/db/tenant.ts')
        push('cms-never-opens-the-platform-path', imp.line, 'imports the transaction helpers (core/db/tenant.ts)');
    }

    const fileCalls = mod !== null || layered ? calls(p) : [];
    // The openers under whatever local name the file gave them (`import { withTenant as open }`).
    const openers = new Set(TRANSACTION_OPENERS);
    for (const imp of p.imports)
      for (const n of imp.names) if (TRANSACTION_OPENERS.has(n.imported)) openers.add(n.local);
    if (mod !== null && isRepo(file))
      for (const c of fileCalls)
        if (openers.has(c.name))
          push(
            'repository-opens-no-transaction',
            c.line,
            `calls ${c.receiver ? `${c.receiver}.` : ''}${c.name}(…): the service opens the transaction, the repository runs in it`,
          );
    if (layered) {
      for (const c of fileCalls) {
        if (c.receiver === 'tx' && TX_QUERIES.has(c.name))
          push('queries-only-in-repositories', c.line, `queries through tx (${c.name})`);
        if (c.name === 'sql' || c.name === 'queryRows')
          push('queries-only-in-repositories', c.line, `builds or runs SQL (${c.name})`);
        if (c.name === 'withTenant' || c.name === 'withPlatform')
          push('queries-only-in-repositories', c.line, `opens a transaction on the owner connection (${c.name})`);
      }
      for (const line of identifierUses(p, 'writeAuditEntries'))
        push('audit-only-through-ctx', line, 'writes audit rows directly (use ctx.audit)');
      for (const line of depsDbReads(p))
        push('owner-connection-not-in-modules', line, 'reads deps.db (the owner connection)');
    }
    if (mod !== null) {
      for (const line of propertyReads(p, 'db'))
        push('owner-connection-not-in-modules', line, 'reads `db` (the owner connection) from its dependencies');
      if (!isRepo(file)) {
        for (const c of fileCalls) {
          if (c.receiver === 'tx' && TX_QUERIES.has(c.name))
            push('queries-only-in-repositories', c.line, `queries through tx (${c.name})`);
          if (c.name === 'sql' || c.name === 'queryRows')
            push('queries-only-in-repositories', c.line, `builds or runs SQL (${c.name})`);
        }
      }
      for (const line of identifierUses(p, 'writeAuditEntries'))
        push('audit-only-through-ctx', line, 'writes audit rows directly (use ctx.audit)');
    }
    if (mod === 'cms') {
      for (const c of fileCalls)
        if (c.name === 'withPlatform' || c.name === 'platform' || c.name === 'escalateToPlatform')
          push('cms-never-opens-the-platform-path', c.line, `calls ${c.receiver ? `${c.receiver}.` : ''}${c.name}(…)`);
      for (const line of propertyReads(p, 'platform'))
        push('cms-never-opens-the-platform-path', line, 'reads `platform` (the cross-workspace path) from a context');
      for (const name of ['withPlatform', 'escalateToPlatform', 'PLATFORM_ROLE'])
        for (const line of identifierUses(p, name)) push('cms-never-opens-the-platform-path', line, `names ${name}`);
    }
  }
  return dedupe(out);
}

// ---------------------------------------------------------------------------------------------
// Web

/** The feature a web path belongs to (`features/<name>/…`), or null. */
export function featureOf(rel: string): string | null {
  const m = /^features\/([^/]+)\//.exec(rel);
  return m ? m[1]! : null;
}

/**
 * The features every other feature may use, not areas of the product: shared components and hooks
 * (`common`: the session, the workspace's units, tables, forms …) and the error pages (`errors`).
 * They import only lib, the shell's shared parts and each other.
 */
export const SHARED_FEATURES = new Set(['common', 'errors']);

/**
 * Files outside app/ that compose the features: the i18n registry names each feature's texts so
 * that a page's namespaces load lazily (it is to texts what app/router.tsx is to pages).
 */
export const WEB_COMPOSITION = new Set(['lib/i18n/namespaces.ts']);

/**
 * The parts of the app shell (`app/`) it offers every feature: the page title, notices, the
 * confirmation dialog, the loader, the host (workspace, brand, languages), icons, the message page,
 * route guards and the navigation query. The rest of `app/` (router, root, signed-in shell, the
 * navigation registry) composes the features and no feature imports it.
 */
export const SHARED_SHELL = new Set([
  'app/page-title.hook.ts',
  'app/notify.ts',
  'app/confirm-dialog.tsx',
  'app/full-page-loader.tsx',
  'app/host-context.tsx',
  'app/icons.tsx',
  'app/message-page.tsx',
  'app/brand-mark.tsx',
  'app/brand-colors.ts',
  'app/language-picker.tsx',
  'app/route-guards.tsx',
  'app/navigation.queries.ts',
]);

/**
 * The rules for apps/web/src: a feature imports its own files, the shared components
 * (`features/common`), `lib/` (the HTTP client, i18n, helpers) and the contract; never another
 * feature nor the app shell (`app/`), which composes the features.
 */
export function webViolations(tree: Tree): Violation[] {
  return [...tree].flatMap(([file, text]) => memo(webCache, file, text, checkWeb));
}

function checkWeb(tree: Tree): Violation[] {
  const out: Violation[] = [];
  for (const [file, text] of tree) {
    if (isTest(file)) continue;
    const feature = featureOf(file);
    const inLib = file.startsWith('lib/');
    if ((feature === null && !inLib && !SHARED_SHELL.has(file)) || WEB_COMPOSITION.has(file)) continue;
    const shared = feature !== null && SHARED_FEATURES.has(feature);
    // The route guards wrap a page in the signed-in shell: they compose, the other shared parts are leaves.
    const inShell = SHARED_SHELL.has(file) && file !== 'app/route-guards.tsx';
    for (const imp of parse(file, text).imports) {
      const t = imp.target;
      if (t === null) continue;
      const target = featureOf(t);
      const allowed =
        t.startsWith('lib/') ||
        SHARED_SHELL.has(t) ||
        (target !== null && (target === feature || SHARED_FEATURES.has(target)));
      const sharedTarget =
        t.startsWith('lib/') || SHARED_SHELL.has(t) || (target !== null && SHARED_FEATURES.has(target));
      // lib/ is below every feature: it imports lib/ only.
      if (inLib && !t.startsWith('lib/'))
        out.push({ rule: 'web-feature-imports', file, line: imp.line, detail: `lib imports ${t}` });
      else if ((shared || inShell) && !sharedTarget)
        out.push({
          rule: 'web-feature-imports',
          file,
          line: imp.line,
          detail: `shared ${shared ? `feature ${feature}` : 'shell part'} imports ${t}, which is not shared`,
        });
      else if (feature !== null && !allowed)
        out.push({
          rule: 'web-feature-imports',
          file,
          line: imp.line,
          detail: target ? `feature ${feature} imports feature ${target} (${t})` : `feature ${feature} imports ${t}`,
        });
    }
  }
  return out;
}

/**
 * Every rule is about one file, so its answer is kept per (path, text): the planted copies of the
 * tree in the tests re-read only the planted file.
 */
const serverCache = new Map<string, Violation[]>();
const webCache = new Map<string, Violation[]>();
function memo(cache: Map<string, Violation[]>, file: string, text: string, check: (tree: Tree) => Violation[]) {
  const key = `${file}\0${text}`;
  let found = cache.get(key);
  if (!found) {
    found = check(new Map([[file, text]]));
    cache.set(key, found);
  }
  return found;
}

function dedupe(vs: Violation[]): Violation[] {
  const seen = new Set<string>();
  return vs.filter((v) => {
    const k = `${v.rule}|${v.file}|${v.line}|${v.detail}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** One line per violation, for a test's failure message or the command's output. */
export function describeViolation(v: Violation): string {
  return `${v.file}:${v.line} [${v.rule}] ${v.detail}`;
}
