import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from './namespaces.ts';

/** One concept of a language's glossary: the chosen word and the variants no translation may use. */
type TGlossary = { language: string; concepts: Record<string, { term: string; forbidden: string[] }> };

const root = path.resolve(import.meta.dirname, '../../../../..');

/** Every translation file of `language`, web and server: the files named `<language>.ts` under each app's source, and the contract's role names. */
function translationFiles(language: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === `${language}.ts`) found.push(full);
    }
  };
  walk(path.join(root, 'apps/web/src'));
  walk(path.join(root, 'apps/server/src'));
  // The role names of every language, shared by the web's labels and the import's parser.
  found.push(path.join(root, 'packages/contract/src/roles.ts'));
  return found;
}

/**
 * The texts of a translation file: its string literals only, without comments (a comment may name
 * a variant to explain it) and keys (`branch:` is a key, not a word shown to anyone).
 */
const textOf = (file: string) =>
  (
    readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .match(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? []
  ).join('\n');

describe('one word per concept (docs/glossary/<language>.json)', () => {
  it.each(UI_LANGUAGES)(
    '%s: every concept of the glossary, and no translation with a forbidden variant',
    (language) => {
      const glossary = JSON.parse(readFileSync(path.join(root, `docs/glossary/${language}.json`), 'utf8')) as TGlossary;
      expect(glossary.language).toBe(language);
      const english = JSON.parse(readFileSync(path.join(root, 'docs/glossary/en.json'), 'utf8')) as TGlossary;
      expect(Object.keys(glossary.concepts)).toEqual(Object.keys(english.concepts));
      const files = translationFiles(language);
      expect(files.length).toBeGreaterThan(5);
      const problems: string[] = [];
      for (const file of files) {
        const text = language === 'en' ? textOf(file).toLowerCase() : textOf(file);
        for (const [concept, { term, forbidden }] of Object.entries(glossary.concepts)) {
          for (const variant of forbidden) {
            const needle = language === 'en' ? variant.toLowerCase() : variant;
            // English words are matched whole ("branch", not "branches" of a tree name inside a word).
            const hit =
              language === 'en'
                ? new RegExp(`\\b${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text)
                : text.includes(needle);
            if (hit) problems.push(`${path.relative(root, file)}: "${variant}" for ${concept}; use "${term}"`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
