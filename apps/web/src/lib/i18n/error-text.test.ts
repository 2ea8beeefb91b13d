import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorDetailText, errorText } from './error-text.ts';
import { ERROR_TEXTS, registerErrorTexts } from './error-texts.ts';
import en from './errors/en.ts';

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { translation: { roles: { EMPLOYER: 'Employer' } } },
      hi: { translation: { roles: { EMPLOYER: 'नियोक्ता' } } },
    },
    interpolation: { escapeValue: false },
  });
  registerErrorTexts(i18n);
  // As `useTranslation()` gives it: fixed to the current language.
  return i18n.getFixedT(lng);
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the server’s errors in the reader’s language', () => {
  it('says a known code in Hindi, with its values', async () => {
    const t = await instance('hi');
    const err = {
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 5 minutes.',
      params: { minutes: 5 },
    };
    expect(errorText(t, err)).toBe('बहुत अधिक प्रयास हुए। कृपया 5 मिनट रुककर फिर से कोशिश करें।');
  });

  it('uses params.reason under a generic code, and translates each problem of the details', async () => {
    const t = await instance('hi');
    const err = {
      status: 409,
      code: 'CONFLICT',
      message: 'Nothing was deleted: "Mumbai" still has 3 users; move them to another business unit first.',
      params: { reason: 'DELETE_REFUSED' },
      details: [
        {
          path: 'body.branchIds.0',
          message: '…',
          code: 'UNIT_HAS_MEMBERS',
          params: { name: 'Mumbai', members: 3, invitations: 0 },
        },
      ],
    };
    expect(errorText(t, err)).toBe(
      'कुछ भी नहीं हटाया गया: "Mumbai" में अभी उपयोगकर्ता (3) या लंबित आमंत्रण (0) हैं; पहले उन्हें किसी दूसरी बिज़नेस यूनिट में ले जाएँ।',
    );
  });

  it('shows a role by its name in the reader’s language', async () => {
    const t = await instance('hi');
    const err = {
      code: 'ROLE_EXCEEDS_YOUR_PERMISSIONS',
      message: 'x',
      params: { role: 'EMPLOYER', permissions: 'complaints.manage' },
    };
    expect(errorText(t, err)).toContain('भूमिका नियोक्ता नहीं दे सकते');
  });

  it('falls back to the server’s English message for a code it does not know, then to the fallback', async () => {
    const t = await instance('hi');
    expect(errorText(t, { code: 'SOMETHING_NEW', message: 'A new rule said no.' })).toBe('A new rule said no.');
    expect(errorText(t, { code: 'CONFLICT', message: 'Plain conflict.', params: { reason: 'NOT_YET_KNOWN' } })).toBe(
      'Plain conflict.',
    );
    expect(errorText(t, undefined, 'Saving failed.')).toBe('Saving failed.');
    // A problem without a code keeps its message.
    expect(errorDetailText(t, { path: 'body.x', message: 'is invalid' })).toBe('is invalid');
  });

  it('translates a bulk file row’s reason by its code', async () => {
    const t = await instance('hi');
    expect(errorDetailText(t, { code: 'ROW_DUPLICATE', params: { row: 4 }, message: 'Appears already in row 4' })).toBe(
      'यह पंक्ति 4 में पहले से है',
    );
    // An English reader reads the server's own English.
    const english = await instance('en');
    expect(errorDetailText(english, { code: 'ROW_DUPLICATE', params: { row: 4 }, message: 'As in row 4' })).toBe(
      'As in row 4',
    );
    expect(errorText(english, { code: 'UNIT_HAS_MEMBERS', message: '"Mumbai" still has 1 user' })).toBe(
      '"Mumbai" still has 1 user',
    );
    // The other languages read the catalogue, Marathi too.
    const marathi = await instance('mr');
    expect(errorText(marathi, { code: 'RATE_LIMITED', message: 'x', params: { minutes: 2 } })).toContain('2 मिनिटे');
  });

  it('has every code in all seven languages, with the same values as the English text', () => {
    for (const [language, texts] of Object.entries(ERROR_TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
        if (language !== 'en') expect(text, `${language} ${key}`).not.toBe(en[key as keyof typeof en]);
      }
    }
  });
});
