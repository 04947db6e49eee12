import type { Language } from '@dosedot/domain';

/** The confirmation that an account was deleted, in the language its profile had. */
export function accountDeletedEmail(language: Language): { subject: string; text: string } {
  switch (language) {
    case 'de':
      return {
        subject: 'DoseDot: Ihr Konto wurde gelöscht',
        text: 'Hallo,\n\nIhr DoseDot-Konto ist gelöscht: Ihr Profil, Ihre Medikamente und Einnahmen und Ihre Gesundheitsdaten sind entfernt, und Sie sind auf allen Geräten abgemeldet. Ihre Box ist frei und kann einer anderen Person zugewiesen werden.\n\nIm Sicherheitsprotokoll bleiben Einträge ohne Ihren Namen und Ihre E-Mail-Adresse.\n\nWaren Sie das nicht, antworten Sie bitte auf diese E-Mail.\n',
      };
    case 'fr':
      return {
        subject: 'DoseDot : votre compte a été supprimé',
        text: 'Bonjour,\n\nVotre compte DoseDot est supprimé : votre profil, vos médicaments et prises et vos données de santé sont effacés, et vous êtes déconnecté sur tous vos appareils. Votre boîtier est libre et peut être attribué à une autre personne.\n\nLe journal de sécurité garde des lignes sans votre nom ni votre adresse e-mail.\n\nSi ce n’était pas vous, répondez à cet e-mail.\n',
      };
    default:
      return {
        subject: 'DoseDot: your account was deleted',
        text: 'Hello,\n\nYour DoseDot account is deleted: your profile, your medicines and intakes and your health data are removed, and you are signed out on every device. Your box is free and can be given to someone else.\n\nThe security log keeps its lines without your name and e-mail address.\n\nIf this was not you, please reply to this e-mail.\n',
      };
  }
}
