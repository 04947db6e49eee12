import type { Language } from '@dosedot/domain';

/** The password-reset message in the user's language. */
export function resetPasswordEmail(language: Language, link: string): { subject: string; text: string } {
  switch (language) {
    case 'de':
      return {
        subject: 'DoseDot: Passwort zurücksetzen',
        text: `Hallo,\n\nüber diesen Link können Sie ein neues Passwort für DoseDot festlegen:\n${link}\n\nDer Link ist eine Stunde lang gültig und kann einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.\n`,
      };
    case 'fr':
      return {
        subject: 'DoseDot : réinitialiser le mot de passe',
        text: `Bonjour,\n\nCe lien vous permet de choisir un nouveau mot de passe pour DoseDot :\n${link}\n\nLe lien est valable une heure et ne peut servir qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail.\n`,
      };
    default:
      return {
        subject: 'DoseDot: reset your password',
        text: `Hello,\n\nUse this link to choose a new password for DoseDot:\n${link}\n\nThe link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.\n`,
      };
  }
}
