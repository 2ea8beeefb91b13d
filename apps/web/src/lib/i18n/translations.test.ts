import { describe, expect, it } from 'vitest';
import { NAMESPACES, type TNamespace, UI_LANGUAGES } from './namespaces.ts';

type TTexts = { [key: string]: string | TTexts };

/** Every leaf of a namespace as `path → text`. */
function leaves(texts: TTexts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

/** The `{{placeholders}}` of a text, sorted, each once. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] as string))].sort();
}

async function load(namespace: TNamespace, language: (typeof UI_LANGUAGES)[number]): Promise<TTexts> {
  return ((await NAMESPACES[namespace](language)) as { default: TTexts }).default;
}

const namespaces = Object.keys(NAMESPACES) as TNamespace[];
const others = UI_LANGUAGES.filter((language) => language !== 'en');

describe('translations', () => {
  it('cover the seven languages (the spec’s six and Canadian French)', () => {
    expect([...UI_LANGUAGES].sort()).toEqual(['en', 'fr', 'hi', 'kn', 'mr', 'ta', 'te']);
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    it.each(others)(
      'in %s has exactly the English keys, each with its placeholders and some text',
      async (language) => {
        const english = leaves(await load(namespace, 'en'));
        const translated = leaves(await load(namespace, language));
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of english) {
          const other = translated.get(key) ?? '';
          expect(other.trim(), `${language} ${namespace}:${key} is empty`).not.toBe('');
          expect(placeholders(other), `${language} ${namespace}:${key}`).toEqual(placeholders(text));
        }
      },
    );
  });

  it.each(UI_LANGUAGES)('name every language, in its own script, in %s', async (language) => {
    const common = (await load('common', language)) as { languages: Record<string, string> };
    expect(Object.keys(common.languages).sort()).toEqual([...UI_LANGUAGES].sort());
  });
});
