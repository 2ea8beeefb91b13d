/** English texts of the scorm namespace (import, package page, player): the complete set. */
export default {
  scorm: {
    import: {
      pageTitle: 'Import a SCORM package',
      heading: 'Import a SCORM package',
      introCourse:
        'Upload a SCORM 1.2 or 2004 package (a .zip file). A new course is made with the package as its first item.',
      introItem: 'Upload a SCORM 1.2 or 2004 package (a .zip file). It is added to the end of this course’s draft.',
      fileLabel: 'Package file',
      fileHint: 'A .zip file of at most 200 MB with imsmanifest.xml at its root.',
      tooLarge: 'The file is larger than 200 MB.',
      submit: 'Import',
      uploading: 'Uploading… {{percent}}%',
      checking: 'Checking the package…',
      failed: 'The package could not be imported.',
      refusedTitle: 'Not imported',
    },
    package: {
      pageTitle: 'SCORM package',
      loading: 'Loading the package',
      processing: 'Unpacking the package… This page updates by itself.',
      failedTitle: 'The package could not be used',
      failed: 'The package could not be unpacked.',
      summary: 'Package',
      standard: 'Standard',
      file: 'File',
      files: 'Files',
      size: '{{size}} MB unpacked',
      scos: 'Lessons (SCOs)',
      mastery: 'pass mark {{score}}',
      play: 'Play',
      previewNote: 'Preview: nothing is recorded. The last result the package reports is shown below.',
    },
    status: {
      PROCESSING: 'Processing',
      READY: 'Ready',
      FAILED: 'Failed',
    },
    standard: {
      SCORM_12: 'SCORM 1.2',
      SCORM_2004: 'SCORM 2004',
    },
    player: {
      loading: 'Opening the player…',
      failed: 'The player could not be opened',
      resultHeading: 'Reported by the package',
      status: 'Status',
      score: 'Score',
      suspendData: 'Saved progress',
      noCommit: 'Nothing reported yet.',
    },
  },
};
