import type { Language } from '@dosedot/domain';

/**
 * The notice mailed when two-step sign-in is turned on or off, in the user's language, with the
 * single-use "this was not me" link (decision 0008).
 */
export function twoFactorNoticeEmail(
  language: Language,
  change: 'enabled' | 'disabled',
  link: string,
  days: number,
): { subject: string; text: string } {
  const on = change === 'enabled';
  switch (language) {
    case 'de':
      return {
        subject: on
          ? 'DoseDot: Anmeldung in zwei Schritten eingeschaltet'
          : 'DoseDot: Anmeldung in zwei Schritten ausgeschaltet',
        text: `Hallo,\n\nbei Ihrem DoseDot-Konto wurde soeben die Anmeldung in zwei Schritten ${on ? 'eingeschaltet' : 'ausgeschaltet'}. Alle anderen Anmeldungen Ihres Kontos wurden beendet.\n\nWaren Sie das, ist nichts zu tun.\n\nWaren Sie das nicht, öffnen Sie diesen Link:\n${link}\n\nEr entfernt den zweiten Schritt, beendet alle Anmeldungen und lässt Sie ein neues Passwort wählen. Der Link ist ${days} Tage lang gültig und kann einmal verwendet werden.\n`,
      };
    case 'fr':
      return {
        subject: on
          ? 'DoseDot : connexion en deux étapes activée'
          : 'DoseDot : connexion en deux étapes désactivée',
        text: `Bonjour,\n\nLa connexion en deux étapes vient d’être ${on ? 'activée' : 'désactivée'} sur votre compte DoseDot. Toutes les autres connexions de votre compte ont été fermées.\n\nSi c’était vous, vous n’avez rien à faire.\n\nSi ce n’était pas vous, ouvrez ce lien :\n${link}\n\nIl retire la deuxième étape, ferme toutes les connexions et vous fait choisir un nouveau mot de passe. Le lien est valable ${days} jours et ne peut servir qu’une fois.\n`,
      };
    default:
      return {
        subject: on ? 'DoseDot: two-step sign-in turned on' : 'DoseDot: two-step sign-in turned off',
        text: `Hello,\n\nTwo-step sign-in was just turned ${on ? 'on' : 'off'} for your DoseDot account. Every other sign-in of your account was ended.\n\nIf this was you, there is nothing to do.\n\nIf this was not you, open this link:\n${link}\n\nIt removes the second step, ends every sign-in and lets you choose a new password. The link is valid for ${days} days and can be used once.\n`,
      };
  }
}
