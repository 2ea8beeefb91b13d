import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The platform path (`withPlatform`, `ctx.platform`, `escalateToPlatform`) bypasses row-level
 * security and records `platform.<action>` in the audit log. `audit: false` skips that entry; it is
 * allowed only at the call sites listed here, each with the reason it needs no entry of its own.
 * This reads every source file's syntax tree (not its text), so a new unaudited call site, or one
 * whose action changes, fails until it is listed and reviewed; a listed site that no longer exists
 * fails too. Test helpers (`src/testing/`) may skip the entry with `test.` actions only.
 *
 * A site is `file › enclosing function › action` (a string's text; a template's with `<expression>`
 * for each placeholder; otherwise the expression's source text).
 */
const ALLOWED: [site: string, why: string][] = [
  // Every request and routine work: too frequent to audit, and the caller audits what matters.
  ['core/auth.ts › verifySession › session.verify', 'every platform-host request checks its session'],
  ['core/favicon.ts › siteIcon › workspace.icon', 'a public icon of a host'],
  ['core/jobs.ts › registerSchedules › jobs.zones', 'the scheduler reads the workspaces’ time zones'],
  [
    'core/job-context.ts › workspacesInZone › jobs.zone_workspaces',
    'a per-zone job lists the ids of its zone’s active workspaces (the case clock may not open the platform path itself)',
  ],
  ['core/jobs.ts › runPurge › maintenance.purge', 'the daily purge of expired rows; its counts are logged'],
  ['core/mail.ts › writeOutboxMany › outbox.write', 'platform mail (no workspace) is queued; the cause audits'],
  ['core/mail.ts › writeOutbox › outbox.write', 'platform mail (no workspace) is queued; the cause audits'],
  // Sign-in and account lookups on the platform host: the flows audit their outcome.
  ['services/main/auth/sign-in.ts › inPlace › action', 'sign-in lookups; the sign-in audits its outcome'],
  ['services/main/auth/sign-in.ts › asSignedIn › action', 'the signed-in operator’s own account'],
  ['services/main/auth/invitation.service.ts › existingAccount › invite.account-lookup', 'does an account exist'],
  ['services/main/auth/recovery.service.ts › invitedAccount › auth.password.invitee-lookup', 'reset lookup'],
  ['services/main/auth/recovery.service.ts › run › auth.password.reset', 'audits password.reset itself'],
  ['services/main/oidc/oidc.service.ts › platform › auth.oidc.callback', 'the sign-in audits its outcome'],
  [
    'services/main/users/bulk-users.service.ts › createBulk › users.bulk_create',
    'audit: !dryRun (a dry run writes nothing)',
  ],
  ['services/main/feature-flags/feature-flags.service.ts › listFlags › feature-flags.list', 'flags, no data'],
  ['services/main/elevate/elevate.service.ts › authCheck › session.check', 'the operator’s own session, a read'],
  ['services/main/workspace/workspace.service.ts › run › workspace.profile', 'a workspace’s public profile'],
  [
    'services/main/operator-contract/operator-contract.service.ts › runContractWarnings › main.contract-warnings',
    'the daily contract warnings job finds the workspaces with a contract end date; each warning is recorded',
  ],
  // Issue 23, the operator's per-workspace settings and the user manuals: reads (changes are audited).
  ['services/main/operator-settings/operator-settings.service.ts › getWorkspaceNav › workspace-nav.read', 'a read'],
  ['services/main/operator-settings/operator-settings.service.ts › getWhitelist › whitelist.read', 'a read'],
  [
    'services/main/operator-settings/operator-settings.service.ts › bulkAddToWhitelist › whitelist.bulk.check',
    'does the workspace exist, before its file is read; the addition audits itself',
  ],
  ['services/main/operator-settings/user-manual.service.ts › listUserManuals › user-manual.list', 'a read'],
  // Learning: the operator's catalogue work and cross-workspace jobs; each audits its catalogued action.
  [
    'services/lms/authoring-scope.ts › asCaller › lms.<action>',
    'the operator authoring (audits course.* actions) or reading the catalogue',
  ],
  ['services/lms/certificates/certificates.service.ts › verifyCertificate › lms.certificate.verify', 'public'],
  ['services/lms/credits/credits.service.ts › setAvailability › lms.workspace-course.set', 'audits itself'],
  ['services/lms/credits/credits.service.ts › listAvailability › lms.workspace-course.list', 'a read'],
  ['services/lms/credits/credits.service.ts › listRequests › lms.credit-requests.list', 'a read'],
  ['services/lms/credits/credits.service.ts › decideRequest › lms.credit-requests.decide', 'audits itself'],
  ['services/lms/credits/credits.service.ts › inCreditsScope › lms.<action>', 'audits credits.*'],
  ['services/lms/jurisdictions/jurisdictions.service.ts › listForOperator › lms.jurisdiction.list', 'a read'],
  ['services/lms/jurisdictions/jurisdictions.service.ts › createJurisdiction › lms.jurisdiction.create', 'audits'],
  ['services/lms/jurisdictions/jurisdictions.service.ts › updateJurisdiction › lms.jurisdiction.update', 'audits'],
  ['services/lms/jurisdictions/jurisdictions.service.ts › removeJurisdiction › lms.jurisdiction.delete', 'audits'],
  ['services/lms/jurisdictions/jurisdictions.service.ts › listHolidayCalendars › lms.holiday-calendar.list', 'a read'],
  // The compliance catalogue (issue 24): the operator's reads, and writes that audit their catalogued action.
  ['services/compliance/catalogue/catalogue.service.ts › listCategories › compliance.category.list', 'a read'],
  ['services/compliance/catalogue/catalogue.service.ts › createCategory › compliance.category.create', 'audits'],
  ['services/compliance/catalogue/catalogue.service.ts › updateCategory › compliance.category.update', 'audits'],
  ['services/compliance/catalogue/catalogue.service.ts › deleteCategory › compliance.category.delete', 'audits'],
  ['services/compliance/catalogue/catalogue.service.ts › listObligations › compliance.obligation.list', 'a read'],
  ['services/compliance/catalogue/catalogue.service.ts › createObligation › compliance.obligation.create', 'audits'],
  ['services/compliance/catalogue/catalogue.service.ts › updateObligation › compliance.obligation.update', 'audits'],
  ['services/compliance/catalogue/catalogue.service.ts › deleteObligation › compliance.obligation.delete', 'audits'],
  ['services/lms/reminders/reminders.service.ts › runRemindersPass › lms.reminders-pass', 'the reminders job'],
  ['services/lms/scorm/scorm.service.ts › asOwner › lms.scorm', 'the SCORM extract job'],
  ['services/lms/scorm/content.routes.ts › content › lms.scorm.content', 'SCORM content served to its player'],
  ['services/lms/automation/automation.jobs.ts › passWorkspaces › action', 'a job finds the workspaces to pass'],
  ['services/lms/automation/automation.jobs.ts › runCourseUpdated › lms.course-updated', 'a job'],
  [
    'services/committee/notices/term-warnings.ts › workspacesOf › committee.term-warnings',
    'a job finds the workspaces of its zone',
  ],
  [
    'services/compliance/engine/engine.jobs.ts › runDailyPass › compliance.daily-pass',
    'a job finds the workspaces of its zone',
  ],
  [
    'services/compliance/engine/engine.jobs.ts › runFirstSyncPass › compliance.first-sync-pass',
    'a job finds the workspaces whose register was never filled',
  ],
  // The demo seed and the development mailbox (not in production).
  ['seed/demo.ts › isEmpty › seed.check', 'the seed looks before it writes'],
  [
    'seed/cases-demo.ts › idsOf › seed.cases-demo',
    'the case demo finds the demo workspace, unit and people it acts as (ids only; every case is made through the routes)',
  ],
  ['seed/demo.ts › unusedDemoInvite › seed.invite-check', 'the seed looks before it writes'],
  [
    'seed/holiday-calendars.ts › loadShippedCalendarsAtStart › holiday-calendars.check',
    'the server start looks whether the shipped holiday calendars are in (operator data, read only)',
  ],
  [
    'seed/compliance-catalogue.ts › loadDemoCatalogueAtStart › compliance-catalogue.check',
    'the server start looks whether the compliance catalogue is empty (operator data, read only)',
  ],
  ['dev/mailbox.routes.ts › devRoutes › dev.outbox', 'the development mailbox (not in production)'],
  ['dev/mailbox.routes.ts › devRoutes › dev.mailbox', 'the development mailbox (not in production)'],
];

const SRC = import.meta.dirname;

/** The name of the function a node is in (a declaration, a method, or a function held by a name). */
function enclosingName(node: ts.Node): string {
  const isFunction = (e: ts.Expression | undefined) => !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    const name =
      ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)
        ? n.name
        : (ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n)) && isFunction(n.initializer)
          ? n.name
          : undefined;
    if (name && ts.isIdentifier(name)) return name.text;
  }
  return '<module>';
}

/** An action as listed: a string's text, a template's with each placeholder as `<expression>`. */
function expressionText(e: ts.Expression, source: ts.SourceFile): string {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isTemplateExpression(e))
    return (
      e.head.text + e.templateSpans.map((span) => `<${span.expression.getText(source)}>${span.literal.text}`).join('')
    );
  return e.getText(source);
}

/**
 * The unaudited platform reasons in one source file: every object literal with `audit: false`, or
 * with an `action` and an `audit` that is not the literal `true` (an expression could be false).
 */
export function unauditedSites(file: string, text: string): { site: string; action: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { site: string; action: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
            (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
            ts.isIdentifier(p.name) &&
            p.name.text === name,
        );
      const audit = prop('audit');
      const action = prop('action');
      const isFalse = audit && ts.isPropertyAssignment(audit) && audit.initializer.kind === ts.SyntaxKind.FalseKeyword;
      const notTrue =
        audit && !(ts.isPropertyAssignment(audit) && audit.initializer.kind === ts.SyntaxKind.TrueKeyword);
      if (isFalse || (action && notTrue)) {
        const actionText = !action
          ? '<no action>'
          : ts.isShorthandPropertyAssignment(action)
            ? action.name.text
            : expressionText(action.initializer, source);
        found.push({ site: `${file} › ${enclosingName(node)} › ${actionText}`, action: actionText });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Source files of the server (tests excluded), relative to src/. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')
      ? [path.relative(SRC, full).split(path.sep).join('/')]
      : [];
  });
}

const all = sourceFiles().flatMap((file) =>
  unauditedSites(file, readFileSync(path.join(SRC, file), 'utf8')).map((s) => ({ ...s, file })),
);

describe('audit: false on the platform path', () => {
  it('comes only from the listed call sites (and every listed site still exists)', () => {
    const found = all.filter((s) => !s.file.startsWith('testing/')).map((s) => s.site);
    expect(found.sort()).toEqual(ALLOWED.map(([site]) => site).sort());
  });

  it('in the test helpers, only with test.* actions', () => {
    const helpers = all.filter((s) => s.file.startsWith('testing/'));
    expect(helpers.length).toBeGreaterThan(0);
    expect(helpers.filter((s) => !s.action.startsWith('test.')).map((s) => s.site)).toEqual([]);
  });

  it('a new unaudited call is found however it is written (planted examples)', () => {
    const planted = `
      export async function leak(ctx, db, flag) {
        await ctx.platform({ action: 'cases.read', audit: false }, fn);
        await withPlatform(db, { audit: false, action: \`x.\${flag}\` }, fn);
        const reason = { action: 'y', audit: flag };
        await escalateToPlatform(tx, { audit: false });
        await ctx.platform({ action: 'audited', audit: true }, fn);
        await ctx.platform({ action: 'audited-by-default' }, fn);
        return { audit: auditFor(x) };
      }`;
    expect(unauditedSites('services/cases/leak.ts', planted).map((s) => s.site)).toEqual([
      'services/cases/leak.ts › leak › cases.read',
      'services/cases/leak.ts › leak › x.<flag>',
      'services/cases/leak.ts › leak › y',
      'services/cases/leak.ts › leak › <no action>',
    ]);
  });
});
