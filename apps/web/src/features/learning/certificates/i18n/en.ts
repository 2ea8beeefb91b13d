/** English texts of the certificates namespace (the public check page; the download button). */
const en = {
  pageTitle: 'Check a certificate',
  heading: 'Check a certificate',
  intro: 'Type the verification code printed on the certificate to see whom it was issued to.',
  codeLabel: 'Verification code',
  codeHint: 'Twelve letters and digits, like ABCD-EFGH-JKMN',
  codeFormat: 'A code has three groups of four letters or digits, like ABCD-EFGH-JKMN.',
  check: 'Check',
  checking: 'Checking the code…',
  validTitle: 'Valid certificate',
  validBody: '{{name}} completed {{course}} on {{date}}. Issued by {{organisation}}.',
  notFoundTitle: 'No certificate with this code',
  notFoundBody: 'No certificate has the code {{code}}. Check that it was typed exactly as printed.',
  malformedTitle: 'This is not a verification code',
  malformedBody: 'A code has three groups of four letters or digits, like ABCD-EFGH-JKMN.',
  errorTitle: 'The code could not be checked',
  errorBody: 'Something went wrong or too many codes were checked. Try again in a moment.',
  retry: 'Try again',
  download: 'Download certificate',
  downloadError: 'The certificate could not be downloaded. Try again.',
};

export default en;
