import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CANADA_HVP_COURSE, DEMO_COURSES, INDIA_POSH_COURSE } from './index.ts';
import { ALLOWED_HTML_TAGS, type DemoCourse, type DemoQuestion, type Lang, type Texts } from './types.ts';

/**
 * The sections a demo course may cite, per jurisdiction: the table of /work/shared/LEGAL.md
 * (copied here; ranges and lists expanded), plus the project's supplement docs/legal-sections.md
 * (s.2(n), s.3(2)). A citation outside this list fails the test.
 */
const ALLOWED_CITATIONS: Record<'IN' | 'CA-FED', ReadonlySet<string>> = {
  IN: new Set([
    // LEGAL.md — POSH Act 2013 and Rules 2013
    's.4(1)',
    's.4(2)',
    's.4(3)',
    's.6(1)',
    's.9(1)',
    's.10(1)',
    'Rule 7(2)',
    'Rule 7(3)',
    's.11(4)',
    'Rule 7(5)',
    'Rule 7(6)',
    'Rule 7(7)',
    's.12(1)',
    'Rule 8',
    's.13(1)',
    's.13(4)',
    's.16',
    's.17',
    's.18(2)',
    's.19',
    'Rule 13',
    's.21',
    'Rule 14',
    's.22',
    's.26',
    // docs/legal-sections.md
    's.2(n)',
    's.3(2)',
  ]),
  'CA-FED': new Set([
    // LEGAL.md — SOR/2020-130
    's.5(1)',
    's.5(3)',
    's.9',
    's.10(1)',
    's.10(4)',
    's.12(4)',
    's.12(5)',
    's.14',
    's.15(1)',
    's.15(3)',
    's.15(4)',
    's.18',
    's.20',
    's.21',
    's.23(1)',
    's.24',
    's.25(1)',
    's.27',
    's.30',
    's.33(1)',
    's.33(2)',
    's.34',
    's.35(1)(f)',
    's.35(2)',
    's.36',
    's.37',
  ]),
};

/**
 * The title the player shows above a LEGAL call-out, per language: the web's lessons namespace
 * (`tone.LEGAL`), read as text (the server's project does not compile the web's files).
 */
const LEGAL_TITLES: Partial<Record<Lang, string>> = Object.fromEntries(
  (['en', 'hi', 'kn', 'te', 'ta', 'mr'] as const).map((lang) => {
    const file = new URL(`../../../../web/src/features/learning/lessons/i18n/${lang}.ts`, import.meta.url);
    const title = /\bLEGAL: '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
    if (!title) throw new Error(`no tone.LEGAL in the web's ${lang} lessons texts`);
    return [lang, title];
  }),
);

/** What §5 of docs/learning-design.md says each lesson's "Where this comes from" block lists. */
const SECTION_5_CITATIONS: Record<string, string[][]> = {
  'demo-india-posh': [
    ['s.4(1)', 's.6(1)', 's.19', 'Rule 13', 's.26'],
    ['s.19', 's.26', 's.2(n)', 's.3(2)'],
    ['s.4(2)', 's.4(3)', 's.9(1)', 's.10(1)', 'Rule 7(2)', 'Rule 7(3)', 'Rule 7(5)', 'Rule 7(6)', 'Rule 7(7)'],
    [
      's.9(1)',
      's.11(4)',
      's.13(1)',
      's.13(4)',
      's.18(2)',
      's.12(1)',
      'Rule 8',
      's.16',
      's.17',
      's.21',
      'Rule 14',
      's.22',
    ],
  ],
  'demo-canada-hvp': [
    ['s.5(1)', 's.5(3)', 's.9', 's.10(1)', 's.10(4)'],
    ['s.12(4)', 's.12(5)', 's.14'],
    ['s.15(1)', 's.15(3)', 's.15(4)', 's.18', 's.20', 's.21', 's.23(1)', 's.24', 's.25(1)', 's.27', 's.30'],
    ['s.33(1)', 's.33(2)', 's.34', 's.35(1)(f)', 's.35(2)', 's.36', 's.37'],
  ],
};

const OPTION_COUNTS: Record<DemoQuestion['type'], [number, number]> = {
  MULTIPLE_CHOICE: [2, 10],
  MULTIPLE_RESPONSE: [2, 10],
  SINGLE_SELECT: [2, 30],
  MULTI_SELECT: [2, 30],
  FILL_IN_BLANK: [0, 0],
  INPUT_BOX: [0, 0],
  MATCHING: [4, 20],
  CHECKBOX_WITH_TEXT: [1, 1],
};

const VOID_TAGS = new Set(['br', 'hr']);

/**
 * Citations in a text, normalised to LEGAL.md's form: "s.9(1)", "Rule 7(2)". Reads the English
 * forms ("s.", "Rule ", "SOR/2020-130 s."), the Hindi ones ("धारा ", "नियम ") and the French
 * ones ("art. 14", "par. 15(1)", "al. 35(1)(f)"); "Rule 7(5)–(7)"
 * and "s.15(1), (3)" expand to one citation per subsection.
 */
function citationsIn(text: string): string[] {
  const plain = text.replace(/<[^>]*>/g, ' ');
  const found: string[] = [];
  const re =
    /(\bs\.|\bRule |\bart\. |\bpar\. |\bal\. |(?<![\u0900-\u097F])धारा |(?<![\u0900-\u097F])नियम )(\d+)((?:\([0-9a-z]+\))*)((?:\s*[,–-]\s*(?:\([0-9a-z]+\))+)*)/g;
  for (const m of plain.matchAll(re)) {
    const prefix = m[1] === 'Rule ' || m[1] === 'नियम ' ? 'Rule ' : 's.';
    const base = `${prefix}${m[2]}`;
    const groups = m[3] ?? '';
    found.push(`${base}${groups}`);
    const head = groups.replace(/\([0-9a-z]+\)$/, '');
    let last = groups.match(/\(([0-9a-z]+)\)$/)?.[1];
    for (const cont of (m[4] ?? '').matchAll(/\s*([,–-])\s*((?:\([0-9a-z]+\))+)/g)) {
      const [, sep, tail] = cont;
      const first = tail?.match(/^\(([0-9a-z]+)\)/)?.[1];
      if (sep !== ',' && last && first && /^\d+$/.test(last) && /^\d+$/.test(first)) {
        for (let n = Number(last) + 1; n < Number(first); n++) found.push(`${base}${head}(${n})`);
      }
      found.push(`${base}${head}${tail}`);
      last = first;
    }
  }
  return found;
}

type Problem = string;

/** Every problem of a course's content; an empty list means it is fit to seed. */
function problemsOf(course: DemoCourse): Problem[] {
  const problems: Problem[] = [];
  const langs = course.languages;
  const allowed = ALLOWED_CITATIONS[course.jurisdictionCodes[0] as 'IN' | 'CA-FED'];
  if (!allowed) problems.push(`${course.key}: no citation list for ${course.jurisdictionCodes.join(',')}`);
  if (!langs.includes(course.primaryLanguage)) problems.push(`${course.key}: primary language not listed`);
  const forbidden = glossaryForbidden();

  const checkTexts = (where: string, texts: Texts, kind: 'plain' | 'html') => {
    for (const lang of langs) {
      const value = texts[lang];
      if (value === undefined || value.replace(/<[^>]*>/g, '').trim() === '') {
        problems.push(`${where}: no ${lang} text`);
        continue;
      }
      if (kind === 'plain' && /<[^>]*>/.test(value)) problems.push(`${where} (${lang}): markup in a plain text`);
      if (kind === 'html') problems.push(...htmlProblems(value).map((p) => `${where} (${lang}): ${p}`));
      for (const c of citationsIn(value)) {
        if (!allowed?.has(c)) problems.push(`${where} (${lang}): cites ${c}, not in the allowed sections`);
      }
      for (const word of forbidden[lang] ?? []) {
        if (value.includes(word)) problems.push(`${where} (${lang}): glossary-forbidden "${word}"`);
      }
    }
  };
  const checkAnswers = (where: string, answers: Partial<Record<Lang, string[]>>) => {
    for (const lang of langs) {
      const list = answers[lang];
      if (!list || list.length === 0 || list.some((a) => a.trim() === ''))
        problems.push(`${where}: no ${lang} answers`);
    }
  };

  checkTexts(`${course.key} title`, course.title, 'plain');
  checkTexts(`${course.key} description`, course.description, 'plain');

  let lessonIndex = 0;
  course.items.forEach((item, i) => {
    const at = `${course.key} item ${i + 1}`;
    checkTexts(`${at} title`, item.title, 'plain');
    if (item.kind === 'LESSON') {
      if (item.blocks.length < 4 || item.blocks.length > 8)
        problems.push(`${at}: ${item.blocks.length} blocks, not 4–8`);
      item.blocks.forEach((block, b) => {
        const bat = `${at} block ${b + 1}`;
        if (block.type === 'BUTTON') {
          checkTexts(`${bat} label`, block.label, 'plain');
          if (!/^https:\/\/[^\s/]+\.[^\s]+$/.test(block.url)) problems.push(`${bat}: url not https`);
        } else {
          checkTexts(bat, block.html, 'html');
        }
        const isLegal = block.type === 'NOTIFY' && block.tone === 'LEGAL';
        if (isLegal !== (b === item.blocks.length - 1)) {
          problems.push(`${bat}: the LEGAL block must be the lesson's last block, and only that one`);
        }
      });
      const last = item.blocks.at(-1);
      if (last?.type === 'NOTIFY' && last.tone === 'LEGAL') {
        // The player titles a LEGAL call-out "Where this comes from" (its tone's label): the text
        // must not say it again (issue 21 item 16: every call-out showed its heading twice).
        for (const lang of langs) {
          const title = LEGAL_TITLES[lang];
          if (title && (last.html[lang] ?? '').includes(title))
            problems.push(`${at}: the ${lang} LEGAL block repeats its title "${title}"`);
        }
        const en = new Set(citationsIn(last.html.en));
        for (const lang of langs) {
          const other = new Set(citationsIn(last.html[lang] ?? ''));
          if ([...en].sort().join() !== [...other].sort().join()) {
            problems.push(`${at}: the ${lang} LEGAL block cites other sections than the English one`);
          }
        }
        for (const c of SECTION_5_CITATIONS[course.key]?.[lessonIndex] ?? []) {
          if (!en.has(c)) problems.push(`${at}: LEGAL block does not list ${c} (§5)`);
        }
      }
      lessonIndex++;
      return;
    }
    if (item.passMark < 0 || item.passMark > 100) problems.push(`${at}: pass mark out of range`);
    item.questions.forEach((q, n) => {
      const qat = `${at} question ${n + 1} (${q.type})`;
      checkTexts(`${qat} prompt`, q.prompt, 'plain');
      checkTexts(`${qat} explanation`, q.explanation, 'plain');
      // A question about "her" says who she is: a short scenario comes before the question (issue
      // 21 item 16), in every language the course has.
      const mentions = [q.prompt.en, ...q.options.map((o) => o.label.en)].join(' ');
      if (/\b(she|her|hers|he|him|his)\b/i.test(mentions) && !/[.!?]\s+\S.*\?/.test(q.prompt.en))
        problems.push(`${qat}: refers to someone with no scenario before the question`);
      for (const lang of langs) {
        if (/^(she|he|her|his|they|वह|उसके|उसका|उसकी|उसे)\s/i.test((q.prompt[lang] ?? '').trim()))
          problems.push(`${qat} (${lang}): the prompt opens with a pronoun, naming nobody`);
      }
      if (!(q.points > 0)) problems.push(`${qat}: points must be positive`);
      const refs = q.options.map((o) => o.ref);
      if (new Set(refs).size !== refs.length) problems.push(`${qat}: duplicate option refs`);
      for (const o of q.options) checkTexts(`${qat} option ${o.ref}`, o.label, 'plain');
      const [min, max] = OPTION_COUNTS[q.type];
      if (q.options.length < min || q.options.length > max) {
        problems.push(`${qat}: ${q.options.length} options, allowed ${min}–${max}`);
      }
      if (q.type !== 'MATCHING' && q.options.some((o) => o.side !== undefined))
        problems.push(`${qat}: side outside MATCHING`);
      const key = q.key;
      switch (q.type) {
        case 'MULTIPLE_CHOICE':
        case 'SINGLE_SELECT':
        case 'MULTIPLE_RESPONSE':
        case 'MULTI_SELECT': {
          if (!('correct' in key)) {
            problems.push(`${qat}: key must be { correct }`);
            break;
          }
          const single = q.type === 'MULTIPLE_CHOICE' || q.type === 'SINGLE_SELECT';
          if (single ? key.correct.length !== 1 : key.correct.length < 1) {
            problems.push(`${qat}: ${key.correct.length} correct options`);
          }
          if (new Set(key.correct).size !== key.correct.length) problems.push(`${qat}: duplicate correct refs`);
          for (const r of key.correct) if (!refs.includes(r)) problems.push(`${qat}: key names unknown option ${r}`);
          break;
        }
        case 'FILL_IN_BLANK': {
          if (!('blanks' in key)) {
            problems.push(`${qat}: key must be { blanks }`);
            break;
          }
          const wanted = Object.keys(key.blanks).sort().join();
          for (const lang of langs) {
            const markers = [...(q.prompt[lang] ?? '').matchAll(/\[\[(\d+)\]\]/g)].map((m) => m[1]);
            if (markers.length === 0) problems.push(`${qat} (${lang}): no [[n]] marker`);
            if ([...new Set(markers)].sort().join() !== wanted || new Set(markers).size !== markers.length) {
              problems.push(`${qat} (${lang}): markers ${markers.join()} do not match the blanks ${wanted}`);
            }
          }
          for (const [blank, answers] of Object.entries(key.blanks)) checkAnswers(`${qat} blank ${blank}`, answers);
          break;
        }
        case 'INPUT_BOX':
          if (!('accepted' in key)) problems.push(`${qat}: key must be { accepted }`);
          else checkAnswers(qat, key.accepted);
          break;
        case 'MATCHING': {
          if (!('pairs' in key)) {
            problems.push(`${qat}: key must be { pairs }`);
            break;
          }
          const left = q.options.filter((o) => o.side === 'LEFT').map((o) => o.ref);
          const right = q.options.filter((o) => o.side === 'RIGHT').map((o) => o.ref);
          if (left.length + right.length !== q.options.length) problems.push(`${qat}: an option has no side`);
          if (left.length !== right.length || left.length < 2 || left.length > 10) {
            problems.push(`${qat}: ${left.length} LEFT and ${right.length} RIGHT options`);
          }
          const pairedLeft = key.pairs.map(([l]) => l);
          const pairedRight = key.pairs.map(([, r]) => r);
          if ([...pairedLeft].sort().join() !== [...left].sort().join())
            problems.push(`${qat}: pairs do not cover every LEFT option once`);
          if ([...pairedRight].sort().join() !== [...right].sort().join())
            problems.push(`${qat}: pairs do not cover every RIGHT option once`);
          break;
        }
        case 'CHECKBOX_WITH_TEXT':
          if (!('mustBeChecked' in key) || key.mustBeChecked !== true)
            problems.push(`${qat}: key must be { mustBeChecked: true }`);
          break;
      }
    });
  });
  return problems;
}

/** Tags outside the allowed list, unbalanced tags, links that are not https. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g)) {
    const [, closing, rawName, attrs] = m;
    const name = (rawName ?? '').toLowerCase();
    if (!(ALLOWED_HTML_TAGS as readonly string[]).includes(name)) problems.push(`tag <${name}> not allowed`);
    if (name === 'a' && !closing && !/\bhref="https:\/\/[^"]+"/.test(attrs ?? ''))
      problems.push('link without an https href');
    if (name !== 'a' && (attrs ?? '').trim() !== '' && !closing) problems.push(`attributes on <${name}>`);
    if (VOID_TAGS.has(name)) continue;
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else stack.push(name);
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (/<(?![a-zA-Z/])/.test(html)) problems.push('a stray "<"');
  return problems;
}

/** docs/glossary/<lang>.json: the variants a text in that language must not use. */
function glossaryForbidden(): Partial<Record<Lang, string[]>> {
  const out: Partial<Record<Lang, string[]>> = {};
  for (const lang of ['hi', 'kn', 'te', 'ta', 'mr', 'fr'] as const) {
    const url = new URL(`../../../../../docs/glossary/${lang}.json`, import.meta.url);
    const glossary = JSON.parse(readFileSync(url, 'utf8')) as { concepts: Record<string, { forbidden: string[] }> };
    out[lang] = Object.values(glossary.concepts).flatMap((c) => c.forbidden);
  }
  return out;
}

const quizOf = (course: DemoCourse) => {
  const quiz = course.items.find((i) => i.kind === 'QUIZ');
  if (quiz?.kind !== 'QUIZ') throw new Error(`${course.key} has no quiz`);
  return quiz;
};

describe('demo course content', () => {
  it('has the two courses of §5, with distinct keys', () => {
    expect(DEMO_COURSES.map((c) => c.key)).toEqual(['demo-india-posh', 'demo-canada-hvp']);
  });

  it.each(DEMO_COURSES.map((c) => [c.key, c] as const))('%s: every rule holds', (_key, course) => {
    expect(problemsOf(course)).toEqual([]);
  });

  it('India: English and Hindi, jurisdiction IN, four lessons, a 10-question quiz with every type', () => {
    expect(INDIA_POSH_COURSE.languages).toEqual(['en', 'hi']);
    expect(INDIA_POSH_COURSE.jurisdictionCodes).toEqual(['IN']);
    expect(INDIA_POSH_COURSE.items.filter((i) => i.kind === 'LESSON')).toHaveLength(4);
    const quiz = quizOf(INDIA_POSH_COURSE);
    expect([quiz.passMark, quiz.attemptLimit]).toEqual([70, 3]);
    expect(quiz.questions).toHaveLength(10);
    expect(new Set(quiz.questions.map((q) => q.type))).toEqual(new Set(Object.keys(OPTION_COUNTS)));
  });

  it('Canada: English and French, jurisdiction CA-FED, four lessons, an 8-question quiz', () => {
    expect(CANADA_HVP_COURSE.languages).toEqual(['en', 'fr']);
    expect(CANADA_HVP_COURSE.jurisdictionCodes).toEqual(['CA-FED']);
    expect(CANADA_HVP_COURSE.items.filter((i) => i.kind === 'LESSON')).toHaveLength(4);
    const quiz = quizOf(CANADA_HVP_COURSE);
    expect([quiz.passMark, quiz.attemptLimit]).toEqual([70, 3]);
    expect(quiz.questions.map((q) => q.type).sort()).toEqual(
      [
        'MULTIPLE_CHOICE',
        'SINGLE_SELECT',
        'MULTIPLE_CHOICE',
        'MULTIPLE_CHOICE',
        'FILL_IN_BLANK',
        'MATCHING',
        'MULTIPLE_RESPONSE',
        'CHECKBOX_WITH_TEXT',
      ].sort(),
    );
  });

  it('reads citations in every language, expanding ranges and lists', () => {
    expect(citationsIn('<li>Hearings: Rule 7(5)–(7); s.15(1), (3), (4)</li>')).toEqual([
      'Rule 7(5)',
      'Rule 7(6)',
      'Rule 7(7)',
      's.15(1)',
      's.15(3)',
      's.15(4)',
    ]);
    expect(citationsIn('(धारा 9(1)), नियम 13, अधिनियम 2013 और SOR/2020-130 s.35(1)(f); it’s s.9 days.')).toEqual([
      's.9(1)',
      'Rule 13',
      's.35(1)(f)',
      's.9',
    ]);
    expect(citationsIn('avis (par. 15(1)), destinataire (art. 14), registres (al. 35(1)(f)); partie 2')).toEqual([
      's.15(1)',
      's.14',
      's.35(1)(f)',
    ]);
  });

  it('finds the problems of a broken course (the checks can fail)', () => {
    const broken = structuredClone(INDIA_POSH_COURSE) as DemoCourse;
    broken.title = { en: 'Only English' };
    const lesson = broken.items[0];
    const quiz = broken.items.find((i) => i.kind === 'QUIZ');
    if (lesson?.kind !== 'LESSON' || quiz?.kind !== 'QUIZ') throw new Error('unexpected shape');
    lesson.blocks.unshift({
      type: 'TEXT',
      html: { en: '<p>See s.99(1) <img src="x"></p>', hi: '<p>धारा 4(1) पाठ्यक्रम</p>' },
    });
    lesson.blocks.pop();
    const [mc, mr, , , matching, , fill, , input] = quiz.questions;
    if (!mc || !mr || !matching || !fill || !input) throw new Error('unexpected quiz');
    mc.key = { correct: ['a', 'b'] };
    mr.key = { correct: ['z'] };
    matching.options.pop();
    fill.prompt = { en: 'No marker', hi: '[[2]] दिन' };
    input.key = { accepted: { en: ['Local Committee'] } };
    const problems = problemsOf(broken);
    const expected = [
      'demo-india-posh title: no hi text',
      'demo-india-posh item 1 block 1 (en): tag <img> not allowed',
      'demo-india-posh item 1 block 1 (en): cites s.99(1), not in the allowed sections',
      'demo-india-posh item 1 block 1 (hi): glossary-forbidden "पाठ्यक्रम"',
      "demo-india-posh item 1 block 7: the LEGAL block must be the lesson's last block, and only that one",
      'demo-india-posh item 5 question 1 (MULTIPLE_CHOICE): 2 correct options',
      'demo-india-posh item 5 question 2 (MULTIPLE_RESPONSE): key names unknown option z',
      'demo-india-posh item 5 question 5 (MATCHING): 5 LEFT and 4 RIGHT options',
      'demo-india-posh item 5 question 5 (MATCHING): pairs do not cover every RIGHT option once',
      'demo-india-posh item 5 question 7 (FILL_IN_BLANK) (en): no [[n]] marker',
      'demo-india-posh item 5 question 9 (INPUT_BOX): no hi answers',
    ];
    for (const p of expected) expect(problems).toContain(p);
  });
});
