import type { TAnswers, TAnswerValue, TWorkflowDefinition } from '@app/contract';
import { AppError } from '../../../core/errors.ts';

/*
 * A complaint's answers checked against the frozen definition of the version the case is bound to
 * (DESIGN §4: never the draft of the workflow). A field hidden by its condition has no answer (one
 * sent is dropped) and is never required; a RESOURCE field is read, not answered. A draft may be
 * incomplete (`final: false`): only what is given is checked; a submission must be complete.
 */

export type Attribute = TWorkflowDefinition['form'][number]['attributes'][number];

export type AnswerProblem = { path: string; message: string; code: string; params?: Record<string, string | number> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every attribute of the form, in order. */
export function attributesOf(def: TWorkflowDefinition): Attribute[] {
  return def.form.flatMap((c) => c.attributes);
}

/** Whether an attribute is shown given the answers (its condition on an earlier field). */
export function visible(a: Attribute, answers: TAnswers): boolean {
  if (!a.condition) return true;
  const given = answers[a.condition.attributeKey];
  if (a.condition.equals === true)
    return typeof given === 'object' && given !== null && 'checked' in given && given.checked === true;
  if (typeof given === 'string') return given === a.condition.equals;
  if (Array.isArray(given)) return given.includes(a.condition.equals);
  return false;
}

function empty(v: TAnswerValue | undefined): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && 'checked' in v) return !v.checked;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

/**
 * Checks `answers` against the definition. Answers the answers as kept (hidden fields and RESOURCE
 * dropped, texts trimmed) and the problems (empty when fine). `fileIds`: the case's uploaded files.
 */
export function checkAnswers(
  def: TWorkflowDefinition,
  answers: TAnswers,
  opts: { final: boolean; fileIds: ReadonlySet<string>; today: string },
): { kept: TAnswers; problems: AnswerProblem[] } {
  const problems: AnswerProblem[] = [];
  const kept: TAnswers = {};
  const attrs = attributesOf(def);
  const known = new Set(attrs.map((a) => a.key));
  for (const key of Object.keys(answers)) {
    if (!known.has(key))
      problems.push({ path: `answers.${key}`, code: 'UNKNOWN_FIELD', message: 'This form has no such field.' });
  }
  for (const a of attrs) {
    const path = `answers.${a.key}`;
    if (a.type === 'RESOURCE' || !visible(a, { ...answers, ...kept })) continue;
    const v = answers[a.key];
    if (empty(v)) {
      if (opts.final && a.mandatory) problems.push({ path, code: 'REQUIRED', message: 'Answer this question.' });
      continue;
    }
    const bad = (code: string, message: string, params?: Record<string, string | number>) =>
      problems.push({ path, code, message, ...(params ? { params } : {}) });
    const s = a.settings;
    switch (a.type) {
      case 'TEXT':
      case 'TEXT_AREA':
      case 'PHONE':
      case 'EMAIL': {
        if (typeof v !== 'string') {
          bad('WRONG_TYPE', 'Write this as text.');
          break;
        }
        const t = v.trim();
        const max = s.maxLength ?? (a.type === 'TEXT_AREA' ? 20000 : 500);
        if (t.length > max) bad('TOO_LONG', `At most ${max} characters.`, { max });
        else if (a.type === 'EMAIL' && !EMAIL.test(t)) bad('EMAIL', 'Enter an email address, e.g. name@example.com.');
        else if (a.type === 'PHONE' && !/^[+0-9 ()-]{5,32}$/.test(t))
          bad('PHONE', 'Enter a phone number (digits, spaces, + and -).');
        else kept[a.key] = t;
        break;
      }
      case 'DATE':
        if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
          bad('DATE', 'Enter a date.');
        else if (s.notAfterToday && v > opts.today) bad('DATE_IN_FUTURE', 'This date cannot be after today.');
        else kept[a.key] = v;
        break;
      case 'INPUT_BOX':
        if (typeof v !== 'number' || !Number.isFinite(v)) bad('NUMBER', 'Enter a number.');
        else if ((s.min !== undefined && v < s.min) || (s.max !== undefined && v > s.max))
          bad('OUT_OF_RANGE', 'This number is outside the allowed range.', { min: s.min ?? '', max: s.max ?? '' });
        else kept[a.key] = v;
        break;
      case 'SINGLE_SELECT':
        if (typeof v !== 'string' || !a.options.some((o) => o.key === v)) bad('OPTION', 'Choose one of the options.');
        else kept[a.key] = v;
        break;
      case 'MULTI_SELECT':
        if (!Array.isArray(v) || v.some((x) => !a.options.some((o) => o.key === x)) || new Set(v).size !== v.length)
          bad('OPTION', 'Choose among the options.');
        else kept[a.key] = v;
        break;
      case 'FILE_UPLOAD': {
        const max = s.maxFiles ?? 5;
        if (!Array.isArray(v) || v.some((id) => !opts.fileIds.has(id)))
          bad('FILE', 'Upload the file again: it is not attached to this complaint.');
        else if (v.length > max) bad('TOO_MANY_FILES', `At most ${max} files.`, { max });
        else kept[a.key] = v;
        break;
      }
      case 'CHECKBOX_WITH_TEXT':
        if (typeof v !== 'object' || v === null || Array.isArray(v) || !('checked' in v))
          bad('WRONG_TYPE', 'Tick the box or leave it.');
        else kept[a.key] = { checked: v.checked === true, text: String(v.text ?? '').trim() };
        break;
      case 'MATCHING': {
        const items = new Set((s.matchingItems ?? []).map((i) => i.key));
        const options = new Set(a.options.map((o) => o.key));
        if (typeof v !== 'object' || v === null || Array.isArray(v) || 'checked' in v)
          bad('WRONG_TYPE', 'Match each item.');
        else if (Object.entries(v).some(([k, o]) => !items.has(k) || !options.has(String(o))))
          bad('OPTION', 'Match each item to one of the options.');
        else if (opts.final && a.mandatory && Object.keys(v).length < items.size) bad('REQUIRED', 'Match every item.');
        else kept[a.key] = v;
        break;
      }
      default:
        bad('WRONG_TYPE', 'This field cannot be answered.');
    }
  }
  return { kept, problems };
}

/** 422 `COMPLAINT_INVALID` with one detail per problem (nothing is written). */
export function invalid(problems: AnswerProblem[]): AppError {
  return new AppError(422, 'COMPLAINT_INVALID', 'Some answers need attention: see each question.', {
    details: problems.map((p) => ({
      path: p.path,
      message: p.message,
      code: p.code,
      ...(p.params ? { params: p.params } : {}),
    })),
  });
}

/** The file ids an answer set names (FILE_UPLOAD fields). */
export function fileIdsIn(def: TWorkflowDefinition, answers: TAnswers): string[] {
  return attributesOf(def)
    .filter((a) => a.type === 'FILE_UPLOAD')
    .flatMap((a) => (Array.isArray(answers[a.key]) ? (answers[a.key] as string[]) : []));
}
