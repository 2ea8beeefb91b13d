/** English texts of a case's conflicts of interest and quorum (issue 26, docs/cases-security.md §4). */
const en = {
  title: 'Conflicts of interest',
  none: 'No conflict of interest is recorded in this case.',
  open: 'Open',
  cleared: 'Cleared',
  cancel: 'Cancel',
  reason: {
    PARTY: 'A party to the case',
    MANAGER_OF_PARTY: 'Manages a party to the case',
    DECLARED: 'Declared by the member',
  },
  declare: {
    button: 'Declare a conflict',
    title: 'Declare a conflict of interest',
    warning:
      'You will lose access to this case at once: you will not see it, hear of it or read anything written in it from now on. Only the presiding officer can give it back.',
    reason: 'Why (the committee reads this)',
    reasonHint: 'Optional. Kept encrypted in the committee’s space.',
    confirm: 'Declare and lose access',
  },
  clear: {
    button: 'Clear',
    title: 'Clear the conflict',
    explain: '{{name}} gets access to the case again, including what was written while they were out.',
    reason: 'Why it is cleared (kept in the committee’s space and the trail)',
    confirm: 'Clear the conflict',
    who: 'Only the presiding officer clears a conflict (the external member, for the presiding officer’s own).',
  },
  quorum: {
    title: 'The committee cannot meet its quorum for this case',
    tooFew:
      '{{members}} of the {{required}} members it needs (including the presiding officer) may take part in this case (POSH Rule 7(7)). Steps, meetings and closing wait until it has them.',
    presidingOfficer:
      'The presiding officer may not take part in this case, and the quorum needs her (POSH Rule 7(7)). Steps, meetings and closing wait.',
    noRecipient: 'No designated recipient may act on this case.',
    routes: 'What can be done:',
  },
  route: {
    TRANSFER_OTHER_COMMITTEE: 'Transfer the complaint to another committee (an action of the workflow).',
    LOCAL_COMMITTEE: 'When the complaint is against the employer: the Local Committee of the district (POSH s.6(1)).',
    ADD_MEMBER: 'The employer appoints another member to the committee (the committee register).',
  },
};
export default en;
