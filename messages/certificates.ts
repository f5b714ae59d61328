import type { Localised } from '@/lib/i18n';

// The words of certificates (lib/certificates): the PDF, its mail and the verification page in every
// language, each sentence whole; the workspace's words in English (as the rest of the workspace).
export interface CertificateTexts {
  // The PDF.
  attendanceTitle: string;
  completionTitle: string;
  certifies: string;
  attended: string;
  completed: string;
  eventDates(dates: string): string;
  cohortDates(dates: string): string;
  completedOn(date: string): string;
  issuedBy(organisation: string): string;
  verifyAt: string;
  code(code: string): string;
  codeLabel: string;
  // The mail.
  mailSubject(title: string): string;
  mailHeading: string;
  mailAttendance(title: string): string;
  mailCompletion(title: string): string;
  mailAttached: string;
  mailVerify: string;
  download: string;
  linkedIn: string;
  // The verification page.
  verifyTitle: string;
  verifiedHeading: string;
  verifiedText(organisation: string): string;
  name: string;
  achievement: string;
  what: string;
  dates: string;
  issuer: string;
  issuedOn: string;
  revokedHeading: string;
  revokedText(date: string): string;
  reissuedText(date: string): string;
  withdrawnHeading: string;
  withdrawnText(date: string): string;
  unknownHeading: string;
  unknownText: string;
  kindAttendance: string;
  kindCompletion: string;
}

export const certificateTexts: Localised<CertificateTexts> = {
  en: {
    attendanceTitle: 'Certificate of attendance',
    completionTitle: 'Certificate of completion',
    certifies: 'This certifies that',
    attended: 'attended',
    completed: 'successfully completed',
    eventDates: (dates) => `Held on ${dates}`,
    cohortDates: (dates) => `Cohort starting ${dates}`,
    completedOn: (date) => `Completed on ${date}`,
    issuedBy: (organisation) => `Issued by ${organisation}`,
    verifyAt: 'Check this certificate at',
    code: (code) => `Verification code: ${code}`,
    codeLabel: 'Verification code',
    mailSubject: (title) => `Your certificate: ${title}`,
    mailHeading: 'Your certificate',
    mailAttendance: (title) => `Thank you for attending ${title}. Your certificate of attendance is attached.`,
    mailCompletion: (title) => `Congratulations on completing ${title}. Your certificate of completion is attached.`,
    mailAttached: 'It is a PDF you can print or share. Anyone can check it with its code.',
    mailVerify: 'Check it online at',
    download: 'Download it again',
    linkedIn: 'Add it to LinkedIn',
    verifyTitle: 'Certificate check',
    verifiedHeading: 'This certificate is valid',
    verifiedText: (organisation) => `${organisation} issued this certificate. Its details are below.`,
    name: 'Awarded to',
    achievement: 'What was achieved',
    what: 'For',
    dates: 'Dates',
    issuer: 'Issued by',
    issuedOn: 'Issued on',
    revokedHeading: 'This certificate was revoked',
    revokedText: (date) => `It was revoked on ${date} and is no longer valid.`,
    reissuedText: (date) => `It was replaced by a new certificate on ${date} and is no longer valid.`,
    withdrawnHeading: 'This certificate was withdrawn',
    withdrawnText: (date) => `It was withdrawn on ${date} at its holder’s request and is no longer valid.`,
    unknownHeading: 'No certificate has this code',
    unknownText: 'Check the code for typing mistakes. A certificate’s code has 16 letters and digits.',
    kindAttendance: 'Attendance',
    kindCompletion: 'Completion',
  },
  fr: {
    attendanceTitle: 'Attestation de participation',
    completionTitle: 'Certificat de réussite',
    certifies: 'Nous certifions que',
    attended: 'a participé à',
    completed: 'a suivi avec succès',
    eventDates: (dates) => `Tenu le ${dates}`,
    cohortDates: (dates) => `Promotion commençant le ${dates}`,
    completedOn: (date) => `Terminé le ${date}`,
    issuedBy: (organisation) => `Délivré par ${organisation}`,
    verifyAt: 'Vérifier ce certificat à l’adresse',
    code: (code) => `Code de vérification\u00a0: ${code}`,
    codeLabel: 'Code de vérification',
    mailSubject: (title) => `Votre certificat\u00a0: ${title}`,
    mailHeading: 'Votre certificat',
    mailAttendance: (title) =>
      `Merci d’avoir participé à «\u00a0${title}\u00a0». Votre attestation de participation est jointe.`,
    mailCompletion: (title) =>
      `Félicitations pour avoir terminé «\u00a0${title}\u00a0». Votre certificat de réussite est joint.`,
    mailAttached: 'C’est un PDF que vous pouvez imprimer ou partager. Chacun peut le vérifier avec son code.',
    mailVerify: 'Le vérifier en ligne à l’adresse',
    download: 'Le télécharger à nouveau',
    linkedIn: 'L’ajouter à LinkedIn',
    verifyTitle: 'Vérification d’un certificat',
    verifiedHeading: 'Ce certificat est valide',
    verifiedText: (organisation) => `${organisation} a délivré ce certificat. Voici ce qu’il atteste.`,
    name: 'Décerné à',
    achievement: 'Acquis',
    what: 'Pour',
    dates: 'Dates',
    issuer: 'Délivré par',
    issuedOn: 'Délivré le',
    revokedHeading: 'Ce certificat a été révoqué',
    revokedText: (date) => `Il a été révoqué le ${date} et n’est plus valide.`,
    reissuedText: (date) => `Il a été remplacé par un nouveau certificat le ${date} et n’est plus valide.`,
    withdrawnHeading: 'Ce certificat a été retiré',
    withdrawnText: (date) => `Il a été retiré le ${date} à la demande de son titulaire et n’est plus valide.`,
    unknownHeading: 'Aucun certificat ne porte ce code',
    unknownText: 'Vérifiez qu’il n’y a pas de faute de frappe. Le code d’un certificat compte 16 lettres et chiffres.',
    kindAttendance: 'Participation',
    kindCompletion: 'Réussite',
  },
};

// The workspace's words (English, as the rest of the workspace).
export const certificateStaffText = {
  title: 'Certificates: {item}',
  attendanceIntro:
    'Guests checked in at the door may get a certificate of attendance. Each gets one, in the language they registered in, mailed with its PDF; issuing again sends nothing.',
  completionIntro:
    'Mark learners as having completed, then issue their certificates of completion. Each gets one, in the language they registered in, mailed with its PDF; issuing again sends nothing.',
  noneEligible: 'Nobody here may get a certificate yet.',
  name: 'Name',
  email: 'Email',
  checkedIn: 'Checked in',
  completed: 'Completed',
  notCompleted: 'Not yet',
  certificate: 'Certificate',
  none: 'None',
  tick: 'Choose {name}',
  achievement: 'What was achieved (optional, for those without their own line)',
  learnerAchievement: 'What was achieved (optional, for the learners marked)',
  issueAll: 'Issue to everyone eligible ({count})',
  issueTicked: 'Issue to those ticked',
  markTicked: 'Mark those ticked as completed',
  csv: 'Or paste a CSV of their addresses',
  csvFile: 'Or choose a CSV file',
  markCsv: 'Mark as completed',
  revoke: 'Revoke',
  reason: 'Reason for revoking {code}',
  reissue: 'Reissue under a new code',
  correctedName: 'Name as it should read on {code}',
  past: 'Revoked, replaced and withdrawn',
  revokedOn: 'Revoked on {date}: {reason}',
  replacedBy: 'replaced by {code}',
  withdrawn: 'Withdrawn (the person was forgotten)',
  issued: 'Issued {issued}, already held {already}, not eligible {skipped}.',
  marked: 'Marked {marked} as completed. Addresses that are no learner here: {unknown}.',
  revokedFlash: 'Revoked {code}.',
  reissuedFlash: 'Reissued under {code}; the learner was mailed the new certificate.',
  view: 'Check page',
  readOnly: 'Your role may see who attended; issuing belongs to staff and admins.',
  refused: 'That request was not understood: nothing was changed.',
  notFound: 'There is no such item or certificate.',
  link: 'Certificates',
};
