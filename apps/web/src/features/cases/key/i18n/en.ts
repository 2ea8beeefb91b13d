/** English texts of the case key (issue 26): unlocking the key that opens confidential cases, the recovery code. */
const en = {
  gate: {
    title: 'Open your confidential cases',
    firstTitle: 'Protect your complaint',
    whyFile:
      'Everything you write in a complaint is encrypted so that only you and the committee members handling it can read it — not your employer’s administrators, and not us.',
    whyRead: 'Cases are encrypted. Only the people involved in a case can read it, with their own key.',
    how: 'Your key opens with your secret for as long as you stay signed in on this device.',
    password: 'Your sign-in password',
    passphrase: 'Your case passphrase',
    newPassphrase: 'Choose a case passphrase',
    passphraseRule:
      'You sign in without a password, so your cases need a passphrase of their own: at least 10 characters.',
    open: 'Open',
    setUp: 'Continue',
    lost: 'Forgot it? Use your recovery code',
  },
  recovery: {
    title: 'Save your recovery code',
    why: 'If you forget your password (or passphrase), this code is the only way back into your cases. Nobody else has it — not your employer, not us. Keep it somewhere private.',
    copy: 'Copy',
    copied: 'Copied',
    save: 'Save as a file',
    fileIntro: 'Recovery code for your confidential cases. Keep it private.',
    confirm: 'I have saved my recovery code',
    continue: 'Continue',
  },
  recover: {
    title: 'Use your recovery code',
    whyPassword: 'Enter your recovery code and your current sign-in password. You will get a new recovery code.',
    whyPassphrase: 'Enter your recovery code and choose a new case passphrase. You will get a new recovery code.',
    code: 'Recovery code',
    back: 'Back',
    submit: 'Recover',
  },
};
export default en;
