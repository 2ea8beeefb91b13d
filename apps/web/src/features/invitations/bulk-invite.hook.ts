import type {
  TBulkCreateUsersResponse,
  TBulkFileMappingsResponse,
  TBulkInviteMapping,
  TBulkInviteMode,
  TBulkInviteResponse,
  TBulkValidateResponse,
} from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../app/navigation.queries.ts';
import { isApiError } from '../../lib/api/index.ts';
import { errorText } from '../../lib/i18n/error-text.ts';
import { saveFile } from '../../lib/save-file.ts';
import { bulkInviteApi, bulkUsersApi } from '../common/bulk-files.api.ts';
import { useBulkSignUp } from '../common/settings.queries.ts';
import { guessMapping } from './column-guess.ts';

type TSending = { fraction: number; processing: boolean };
/** What the file is for: invitations to send, or accounts to create at once (bulk sign-up). */
export type TMode = 'invite' | 'create';

/** A create dry run as the figures of a checked file (the same cards as for invitations). */
function asFigures(p: TBulkCreateUsersResponse): TBulkValidateResponse {
  return {
    totalRows: p.totalRows,
    validRows: p.totalRows - p.invalidRows,
    invalidRows: p.invalidRows,
    toInvite: p.created,
    errors: p.errors,
    skipped: p.rows.flatMap((r) =>
      r.status === 'ALREADY_MEMBER'
        ? [{ rowNumber: r.rowNumber, email: r.email, status: 'ALREADY_MEMBER' as const }]
        : [],
    ),
    placesLeft: p.placesLeft,
  };
}

/**
 * Brings a step's section into view and moves the focus to its heading (after checking or
 * sending, the results are below the fold, at 360 px most of all).
 */
function showStep(n: number) {
  const heading = document.getElementById(`bulk-step-${n}`);
  if (!heading) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  heading.closest('section')?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

/**
 * The state of a bulk import, step by step: the file, its columns and their mapping, the check, the
 * sending (with its progress) and the result, for invitations or (bulk sign-up) accounts; and what
 * each step's buttons do. The browser keeps the file and sends it with each step.
 */
export function useBulkInvite() {
  const { t } = useTranslation('invitations');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<TBulkFileMappingsResponse | null>(null);
  const [mapping, setMapping] = useState<TBulkInviteMapping>({});
  const [checked, setChecked] = useState<TBulkValidateResponse | null>(null);
  const [sending, setSending] = useState<TSending | null>(null);
  const [result, setResult] = useState<TBulkInviteResponse | null>(null);
  const [busy, setBusy] = useState<'columns' | 'check' | 'report' | 'fix' | 'csv' | 'xlsx' | null>(null);
  /** What to do when some rows have errors: send nothing, or send the valid rows and give the rest back. */
  const [rowsMode, setRowsMode] = useState<TBulkInviteMode>('ALL_OR_NOTHING');
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<TMode>('invite');
  const [planned, setPlanned] = useState<TBulkCreateUsersResponse | null>(null);
  const [created, setCreated] = useState<TBulkCreateUsersResponse | null>(null);
  const navigation = useNavigation();
  const bulkSignUp = useBulkSignUp();
  const mayCreate =
    Boolean(bulkSignUp.data?.bulkSignUpEnabled) &&
    Boolean(navigation.data?.some((item) => item.menu === 'USERS' && item.enabled));
  const creating = mayCreate && mode === 'create';
  useEffect(() => {
    if (checked) showStep(3);
  }, [checked]);
  useEffect(() => {
    if (result || created) showStep(4);
  }, [result, created]);

  const fail = (err: unknown) => setError(isApiError(err) ? errorText(t, err) : t('bulkInvite.failed'));

  function forget() {
    setChecked(null);
    setResult(null);
    setPlanned(null);
    setCreated(null);
  }

  async function choose(next: File | null) {
    setFile(next);
    setColumns(null);
    forget();
    setError(null);
    if (!next) return;
    setBusy('columns');
    try {
      const found = await bulkInviteApi.columns(next);
      setColumns(found);
      // Keep the choices when the new file has the same header (a corrected copy of the same file).
      const same =
        columns &&
        JSON.stringify(columns.columns.map((c) => c.header)) === JSON.stringify(found.columns.map((c) => c.header));
      setMapping(same ? mapping : guessMapping(found.columns.map((c) => c.header)));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  function changeMapping(next: TBulkInviteMapping) {
    setMapping(next);
    forget();
  }

  async function check() {
    if (!file) return;
    setBusy('check');
    setError(null);
    try {
      if (creating) {
        const plan = await bulkUsersApi.checkCreate(file, mapping);
        setPlanned(plan);
        setChecked(asFigures(plan));
      } else setChecked(await bulkInviteApi.validate(file, mapping));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    if (!file) return;
    setError(null);
    setSending({ fraction: 0, processing: false });
    const progress = (fraction: number) => setSending({ fraction, processing: fraction >= 1 });
    try {
      const sendMode = partial ? 'VALID_ROWS' : 'ALL_OR_NOTHING';
      if (creating) setCreated(await bulkUsersApi.create(file, mapping, sendMode, progress));
      else setResult(await bulkInviteApi.send(file, mapping, sendMode, progress));
    } catch (err) {
      fail(err);
    } finally {
      setSending(null);
    }
  }

  async function report() {
    if (!file) return;
    setBusy('report');
    try {
      saveFile(await bulkInviteApi.report(file, mapping), 'invitation-report.xlsx');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function rowsToFix() {
    if (!file) return;
    setBusy('fix');
    try {
      saveFile(await bulkInviteApi.rowsToFix(file, mapping), 'rows-to-fix.xlsx');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function template(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      saveFile(await bulkInviteApi.template(format), `invitation-template.${format}`);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  const mapped = Boolean(mapping.firstName && (mapping.email || mapping.phoneNumber));
  const overLimit = checked?.placesLeft != null && checked.toInvite > checked.placesLeft;
  const done = Boolean(result || created);
  const wanted = planned ? planned.created + planned.fromInvitations : (checked?.toInvite ?? 0);
  // Some rows wrong, and the valid ones are to go now (invitations or accounts).
  const partial = Boolean(checked?.invalidRows) && rowsMode === 'VALID_ROWS';
  const canSend = checked && (checked.invalidRows === 0 || partial) && wanted > 0 && !overLimit && !done;
  const changing = planned?.rows.filter((r) => r.status === 'FROM_INVITATION' || r.status === 'ALREADY_MEMBER') ?? [];

  return {
    file,
    columns,
    mapping,
    checked,
    sending,
    result,
    busy,
    rowsMode,
    setRowsMode,
    error,
    setError,
    mode,
    setMode,
    planned,
    created,
    mayCreate,
    creating,
    choose,
    changeMapping,
    check,
    send,
    report,
    rowsToFix,
    template,
    forget,
    mapped,
    overLimit,
    done,
    wanted,
    partial,
    canSend,
    changing,
  };
}
export type TBulkInvite = ReturnType<typeof useBulkInvite>;
