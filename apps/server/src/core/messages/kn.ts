import type { MessageCatalogue } from './catalogue.ts';

/** Kannada. To be reviewed by a native speaker (docs/languages.md). */
const kn: MessageCatalogue = {
  signInCode: ({ company, code, minutes }) => ({
    subject: `ನಿಮ್ಮ ${company} ಸೈನ್-ಇನ್ ಕೋಡ್: ${code}`,
    blocks: [
      'ನಿಮ್ಮ ಸೈನ್-ಇನ್ ಕೋಡ್',
      { code },
      `ಈ ಕೋಡ್ ಒಮ್ಮೆ ಮಾತ್ರ, ${minutes} ನಿಮಿಷಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ. ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ, ಈ ಸಂದೇಶವನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ಕೋಡ್ ಇಲ್ಲದೆ ಯಾರೂ ಸೈನ್ ಇನ್ ಮಾಡಲು ಸಾಧ್ಯವಿಲ್ಲ.`,
    ],
  }),
  signInCodeSms: ({ company, code, minutes }) =>
    `${code} ನಿಮ್ಮ ${company} ಸೈನ್-ಇನ್ ಕೋಡ್. ಇದು ${minutes} ನಿಮಿಷಗಳಲ್ಲಿ ಅವಧಿ ಮೀರುತ್ತದೆ. ಇದನ್ನು ಯಾರೊಂದಿಗೂ ಹಂಚಿಕೊಳ್ಳಬೇಡಿ.`,
  resetCodeSms: ({ company, code, minutes }) =>
    `${code} ನಿಮ್ಮ ${company} ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸುವ ಕೋಡ್. ಇದು ${minutes} ನಿಮಿಷಗಳಲ್ಲಿ ಅವಧಿ ಮೀರುತ್ತದೆ. ಇದನ್ನು ಯಾರೊಂದಿಗೂ ಹಂಚಿಕೊಳ್ಳಬೇಡಿ.`,
  resetCode: ({ company, code, minutes }) => ({
    subject: `ನಿಮ್ಮ ${company} ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸಿ`,
    blocks: [
      'ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಕೆ ಕೋಡ್',
      { code },
      `ಇದನ್ನು ${minutes} ನಿಮಿಷಗಳ ಒಳಗೆ ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಕೆ ಪುಟದಲ್ಲಿ ನಮೂದಿಸಿ. ಮರುಹೊಂದಿಸಿದಾಗ ನೀವು ಎಲ್ಲೆಡೆಯಿಂದ ಸೈನ್ ಔಟ್ ಆಗುತ್ತೀರಿ. ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ, ಈ ಸಂದೇಶವನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್ ಬದಲಾಗುವುದಿಲ್ಲ.`,
    ],
  }),
  confirmEmail: ({ company, link }) => ({
    subject: `${company} ಗಾಗಿ ನಿಮ್ಮ ಇಮೇಲ್ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ`,
    blocks: [
      'ಈ ಲಿಂಕ್ ತೆರೆದು ನಿಮ್ಮ ಇಮೇಲ್ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ:',
      { link, label: 'ನನ್ನ ಇಮೇಲ್ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ' },
      'ಈ ಲಿಂಕ್ ಒಮ್ಮೆ ಮಾತ್ರ, 48 ಗಂಟೆಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ. ನೀವು ಖಾತೆಯನ್ನು ರಚಿಸದಿದ್ದರೆ, ಈ ಸಂದೇಶವನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ.',
    ],
  }),
  renewalRequest: ({ company, invitee, link }) => ({
    subject: `${invitee} ಅವರು ${company} ಗೆ ಹೊಸ ಆಹ್ವಾನವನ್ನು ಕೇಳಿದ್ದಾರೆ`,
    blocks: [
      `${invitee} ಅವರು ಅವಧಿ ಮೀರಿದ ಆಹ್ವಾನದೊಂದಿಗೆ ${company} ಗೆ ಸೇರಲು ಪ್ರಯತ್ನಿಸಿದರು ಮತ್ತು ಹೊಸ ಆಹ್ವಾನವನ್ನು ಕೇಳಿದ್ದಾರೆ.`,
      'ಆಡಳಿತ ಪುಟಗಳಿಂದ ಹೊಸ ಆಹ್ವಾನವನ್ನು ಕಳುಹಿಸಿ:',
      { link, label: 'ಆಡಳಿತ ಪುಟಗಳನ್ನು ತೆರೆಯಿರಿ' },
    ],
  }),
  areaOffers: {
    lms: 'ತರಬೇತಿ ಕೋರ್ಸ್‌ಗಳು',
    concernedAuthority: 'ಕಿರುಕುಳದ ಬಗ್ಗೆ ಯಾರನ್ನು ಸಂಪರ್ಕಿಸಬೇಕು',
    cms: 'ಕಾಳಜಿಗಳನ್ನು ಗೌಪ್ಯವಾಗಿ ತಿಳಿಸುವ ಒಂದು ಮಾರ್ಗ',
    policies: 'ನೀತಿಗಳು',
  },
  invitation: (offer) => ({
    subject: '{{companyName}} ನಿಮ್ಮನ್ನು ಆಹ್ವಾನಿಸುತ್ತಿದೆ',
    bodyText: `ನಮಸ್ಕಾರ {{firstName}},\n\n{{companyName}} ತನ್ನ ಕೆಲಸದ ಸ್ಥಳದ ಅನುಸರಣೆ ವೇದಿಕೆಗೆ ನಿಮ್ಮನ್ನು ಆಹ್ವಾನಿಸುತ್ತಿದೆ${offer ? `: ${offer}` : ''}.\n\nನಿಮ್ಮ ಖಾತೆಯನ್ನು ಇಲ್ಲಿ ರಚಿಸಿ:\n{{link}}\n\nಈ ಲಿಂಕ್ {{expiresAt}} ರವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ.`,
  }),
  nobody: '',
  invitationSms: ({ company, link }) => `${company} ನಿಮ್ಮನ್ನು ಸೇರಲು ಆಹ್ವಾನಿಸುತ್ತಿದೆ. ನಿಮ್ಮ ಖಾತೆಯನ್ನು ರಚಿಸಿ: ${link}`,
  accountCreated: ({ company, firstName, link, email, offer }) => ({
    subject: `${company} ನಲ್ಲಿ ನಿಮಗಾಗಿ ಖಾತೆಯನ್ನು ರಚಿಸಲಾಗಿದೆ`,
    blocks: [
      `ನಮಸ್ಕಾರ${firstName ? ` ${firstName}` : ''},`,
      `${company} ನ ಕೆಲಸದ ಸ್ಥಳದ ಅನುಸರಣೆ ವೇದಿಕೆಯಲ್ಲಿ ನಿಮಗಾಗಿ ಖಾತೆಯನ್ನು ರಚಿಸಲಾಗಿದೆ${offer ? `: ${offer}` : ''}.`,
      `ಈ ವಿಳಾಸದೊಂದಿಗೆ (${email}) ಸೈನ್ ಇನ್ ಮಾಡಿ. ನಾವು ನಿಮಗೆ ಸೈನ್-ಇನ್ ಕೋಡ್ ಕಳುಹಿಸುತ್ತೇವೆ; ಮೊದಲ ಬಾರಿ ನೀವು ನಿಮ್ಮದೇ ಪಾಸ್‌ವರ್ಡ್ ಆಯ್ಕೆ ಮಾಡುತ್ತೀರಿ.`,
      { link, label: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' },
    ],
  }),
  accountCreatedSms: ({ company, link }) =>
    `${company} ನಲ್ಲಿ ನಿಮಗಾಗಿ ಖಾತೆಯನ್ನು ರಚಿಸಲಾಗಿದೆ. ಈ ಫೋನ್ ಸಂಖ್ಯೆಯೊಂದಿಗೆ ${link} ನಲ್ಲಿ ಸೈನ್ ಇನ್ ಮಾಡಿ.`,
  alreadyMember: ({ company, link }) => ({
    subject: `${company} ನಲ್ಲಿ ನಿಮಗೆ ಈಗಾಗಲೇ ಖಾತೆ ಇದೆ`,
    blocks: [
      `ಯಾರೋ, ಬಹುಶಃ ನೀವೇ, ಈ ಇಮೇಲ್ ವಿಳಾಸದೊಂದಿಗೆ ${company} ನಲ್ಲಿ ಖಾತೆ ರಚಿಸಲು ಕೇಳಿದ್ದಾರೆ. ನಿಮಗೆ ಈಗಾಗಲೇ ಖಾತೆ ಇದೆ: ಬದಲಿಗೆ ಸೈನ್ ಇನ್ ಮಾಡಿ.`,
      { link, label: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' },
      'ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ, ಈ ಸಂದೇಶವನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ಏನೂ ಬದಲಾಗಿಲ್ಲ.',
    ],
  }),
  committeeTermsEnding: ({ company, firstName, committee, members, daysBefore, link }) => ({
    subject: `${company}: ಸಮಿತಿ ಸದಸ್ಯರ ಅವಧಿ ${daysBefore} ದಿನಗಳಲ್ಲಿ ಮುಗಿಯುತ್ತದೆ (${committee})`,
    blocks: [
      `ನಮಸ್ಕಾರ ${firstName || ''},`.replace(' ,', ','),
      `${committee} ನ ಈ ಸದಸ್ಯರ ಅವಧಿ ${daysBefore} ದಿನಗಳೊಳಗೆ ಮುಗಿಯುತ್ತದೆ:`,
      members.join('\n'),
      'ದೂರುಗಳನ್ನು ಸ್ವೀಕರಿಸಲು ಯಾವಾಗಲೂ ಯಾರಾದರೂ ಇರುವಂತೆ, ಕೊನೆಯ ದಿನದ ಮೊದಲು ಸದಸ್ಯರನ್ನು ನೇಮಿಸಿ ಅಥವಾ ಮರುನೇಮಿಸಿ.',
      { link, label: 'ಸಮಿತಿ ನೋಂದಣಿಯನ್ನು ತೆರೆಯಿರಿ' },
    ],
  }),
  caseNews: ({ company, firstName, reference, kind, link }) => ({
    subject: `${company}: ಪ್ರಕರಣ ${reference} ಕುರಿತು ಹೊಸ ಮಾಹಿತಿ ಇದೆ`,
    blocks: [
      `ನಮಸ್ಕಾರ${firstName ? ` ${firstName}` : ''},`,
      {
        FILED: `ಹೊಸ ಪ್ರಕರಣ ${reference} ಅನ್ನು ನಿಮ್ಮ ಸಮಿತಿಗೆ ನೀಡಲಾಗಿದೆ.`,
        NEWS: `ಪ್ರಕರಣ ${reference} ನಲ್ಲಿ ಓದಲು ಹೊಸದೊಂದಿದೆ.`,
        DEADLINE: `ಪ್ರಕರಣ ${reference} ನ ಒಂದು ಹಂತದ ಗಡುವು ಹತ್ತಿರದಲ್ಲಿದೆ.`,
        ESCALATION: `ಪ್ರಕರಣ ${reference} ನ ಒಂದು ಹಂತದ ಗಡುವು ಮೀರಿದೆ.`,
        STATUS: `ಪ್ರಕರಣ ${reference} ಕುರಿತು ನಿಮ್ಮ ಮಾಸಿಕ ಸ್ಥಿತಿ ಮಾಹಿತಿ: ನೋಡಲು ಸೈನ್ ಇನ್ ಮಾಡಿ.`,
        MEETING: `ಪ್ರಕರಣ ${reference} ಕುರಿತ ಸಭೆಗೆ ನಿಮ್ಮನ್ನು ಆಹ್ವಾನಿಸಲಾಗಿದೆ. ಕ್ಯಾಲೆಂಡರ್ ಫೈಲ್ ಲಗತ್ತಿಸಲಾಗಿದೆ.`,
        ACCESS: `ಪ್ರಕರಣ ${reference} ನ ಒಂದು ಭಾಗಕ್ಕೆ ನಿಮಗೆ ಪ್ರವೇಶ ನೀಡಲಾಗಿದೆ.`,
      }[kind],
      'ನಿಮ್ಮ ಗೌಪ್ಯತೆಗಾಗಿ ಈ ಸಂದೇಶ ಇದಕ್ಕಿಂತ ಹೆಚ್ಚು ಹೇಳುವುದಿಲ್ಲ. ಓದಲು ಸೈನ್ ಇನ್ ಮಾಡಿ.',
      { link, label: 'ಪ್ರಕರಣ ತೆರೆಯಿರಿ' },
    ],
  }),
};
export default kn;
