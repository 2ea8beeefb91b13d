import type { TLanguage, TWorkspaceRole } from './common.ts';

/** A role's name in words: the four workspace roles and the operator's. */
export type TRoleLabels = Record<TWorkspaceRole | 'PLATFORM_ADMIN', string>;

/**
 * The roles' names in the seven languages, as the app shows them. The one source: the web's `roles.*`
 * texts (common namespace) are these, and a file's Role column may name a role by any of them
 * (`roleFromWords`).
 */
export const ROLE_LABELS: Record<TLanguage, TRoleLabels> = {
  en: {
    EMPLOYEE: 'Employee',
    BRANCH_ADMIN: 'Business Unit Admin',
    EMPLOYER: 'Employer',
    WORKSPACE_ADMIN: 'Workspace Admin',
    PLATFORM_ADMIN: 'Platform Admin',
  },
  hi: {
    EMPLOYEE: 'कर्मचारी',
    BRANCH_ADMIN: 'बिज़नेस यूनिट एडमिन',
    EMPLOYER: 'नियोक्ता',
    WORKSPACE_ADMIN: 'वर्कस्पेस एडमिन',
    PLATFORM_ADMIN: 'प्लेटफ़ॉर्म एडमिन',
  },
  kn: {
    EMPLOYEE: 'ಉದ್ಯೋಗಿ',
    BRANCH_ADMIN: 'ಬಿಸಿನೆಸ್ ಯೂನಿಟ್ ಅಡ್ಮಿನ್',
    EMPLOYER: 'ಉದ್ಯೋಗದಾತ',
    WORKSPACE_ADMIN: 'ವರ್ಕ್‌ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್',
    PLATFORM_ADMIN: 'ಪ್ಲಾಟ್‌ಫಾರ್ಮ್ ಅಡ್ಮಿನ್',
  },
  te: {
    EMPLOYEE: 'ఉద్యోగి',
    BRANCH_ADMIN: 'బిజినెస్ యూనిట్ అడ్మిన్',
    EMPLOYER: 'యజమాని',
    WORKSPACE_ADMIN: 'వర్క్‌స్పేస్ అడ్మిన్',
    PLATFORM_ADMIN: 'ప్లాట్‌ఫామ్ అడ్మిన్',
  },
  ta: {
    EMPLOYEE: 'பணியாளர்',
    BRANCH_ADMIN: 'வணிகப் பிரிவு நிர்வாகி',
    EMPLOYER: 'பணி வழங்குநர்',
    WORKSPACE_ADMIN: 'வொர்க்ஸ்பேஸ் நிர்வாகி',
    PLATFORM_ADMIN: 'தளம் நிர்வாகி',
  },
  mr: {
    EMPLOYEE: 'कर्मचारी',
    BRANCH_ADMIN: 'बिझनेस युनिट ॲडमिन',
    EMPLOYER: 'नियोक्ता',
    WORKSPACE_ADMIN: 'वर्कस्पेस ॲडमिन',
    PLATFORM_ADMIN: 'प्लॅटफॉर्म ॲडमिन',
  },
  fr: {
    EMPLOYEE: 'Employé(e)',
    BRANCH_ADMIN: 'Administrateur d’unité d’affaires',
    EMPLOYER: 'Employeur',
    WORKSPACE_ADMIN: 'Administrateur de l’espace de travail',
    PLATFORM_ADMIN: 'Administrateur de la plateforme',
  },
};

/**
 * A role name's key for matching: Unicode NFC, zero-width joiners/non-joiners and other format
 * characters dropped (spreadsheets lose or add them), upper case, and spaces, hyphens and
 * underscores folded to one underscore. "business-unit  admin" and "BUSINESS_UNIT_ADMIN" are one key.
 */
export function roleWordKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\p{Cf}/gu, '')
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/gu, '_');
}

/** Every way a file may name a workspace role: its code, two English short forms, and its name in each language. */
const ROLE_WORDS: ReadonlyMap<string, TWorkspaceRole> = (() => {
  const words = new Map<string, TWorkspaceRole>();
  const add = (word: string, role: TWorkspaceRole) => {
    const key = roleWordKey(word);
    const had = words.get(key);
    if (had && had !== role) throw new Error(`"${word}" names both ${had} and ${role}`);
    words.set(key, role);
  };
  const roles: TWorkspaceRole[] = ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'];
  for (const role of roles) {
    add(role, role);
    for (const labels of Object.values(ROLE_LABELS)) add(labels[role], role);
  }
  add('Business unit admin', 'BRANCH_ADMIN');
  add('Unit admin', 'BRANCH_ADMIN');
  return words;
})();

/**
 * The workspace role a spreadsheet cell names — by code (BRANCH_ADMIN) or by its name in any of the
 * seven languages ("Business unit admin", "कर्मचारी", "பணியாளர்") — in any case and spacing; null when
 * it names none (the platform's own role is never one a file can give).
 */
export function roleFromWords(text: string): TWorkspaceRole | null {
  return ROLE_WORDS.get(roleWordKey(text)) ?? null;
}
