import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './common.ts';
import { ROLE_LABELS, roleFromWords } from './roles.ts';

describe('roleFromWords', () => {
  it('reads every workspace role by the name the app shows it in each of the seven languages', () => {
    for (const language of LANGUAGES) {
      for (const role of ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'] as const) {
        expect(roleFromWords(ROLE_LABELS[language][role]), `${language} ${role}`).toBe(role);
      }
    }
  });

  it('reads codes and English words in any case and spacing, Unicode-normalised', () => {
    expect(roleFromWords('branch-admin')).toBe('BRANCH_ADMIN');
    expect(roleFromWords('  business   UNIT admin ')).toBe('BRANCH_ADMIN');
    expect(roleFromWords('workspace_admin')).toBe('WORKSPACE_ADMIN');
    expect(roleFromWords('बिज़नेस यूनिट एडमिन'.normalize('NFD'))).toBe('BRANCH_ADMIN');
    expect(roleFromWords('ವರ್ಕ್ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್')).toBe('WORKSPACE_ADMIN'); // without the zero-width non-joiner
  });

  it('names no role for other words, nor for the platform role', () => {
    expect(roleFromWords('boss')).toBeNull();
    expect(roleFromWords('मालिक')).toBeNull();
    expect(roleFromWords('')).toBeNull();
    expect(roleFromWords('Platform Admin')).toBeNull();
    expect(roleFromWords(ROLE_LABELS.hi.PLATFORM_ADMIN)).toBeNull();
  });
});
