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

/** Sent once per window when failed sign-ins lock an account for unknown addresses. */
export function lockoutEmail(
  language: Language,
  link: string,
  attempts: number,
): { subject: string; text: string } {
  switch (language) {
    case 'de':
      return {
        subject: 'DoseDot: fehlgeschlagene Anmeldeversuche',
        text: `Hallo,\n\nbei Ihrem DoseDot-Konto sind ${attempts} Anmeldungen mit falschem Passwort eingegangen. Anmeldungen von unbekannten Geräten sind darum für eine Weile gesperrt; von Ihren gewohnten Geräten melden Sie sich weiter an.\n\nWaren Sie das nicht, wählen Sie über diesen Link ein neues Passwort:\n${link}\n\nDer Link ist eine Stunde lang gültig.\n`,
      };
    case 'fr':
      return {
        subject: 'DoseDot : tentatives de connexion échouées',
        text: `Bonjour,\n\nVotre compte DoseDot a reçu ${attempts} connexions avec un mot de passe erroné. Les connexions depuis des appareils inconnus sont donc bloquées pour un moment ; depuis vos appareils habituels, vous pouvez toujours vous connecter.\n\nSi ce n’était pas vous, choisissez un nouveau mot de passe avec ce lien :\n${link}\n\nLe lien est valable une heure.\n`,
      };
    default:
      return {
        subject: 'DoseDot: failed sign-in attempts',
        text: `Hello,\n\nYour DoseDot account received ${attempts} sign-ins with a wrong password. Sign-ins from unknown devices are therefore paused for a while; from your usual devices you can still sign in.\n\nIf this was not you, choose a new password with this link:\n${link}\n\nThe link is valid for one hour.\n`,
      };
  }
}

/** The e-mail-confirmation message (after registration and on request), in the user's language. */
export function confirmEmailEmail(language: Language, link: string): { subject: string; text: string } {
  switch (language) {
    case 'de':
      return {
        subject: 'DoseDot: E-Mail-Adresse bestätigen',
        text: `Hallo,\n\nbitte bestätigen Sie über diesen Link, dass diese E-Mail-Adresse zu Ihrem DoseDot-Konto gehört:\n${link}\n\nDer Link ist 24 Stunden lang gültig und kann einmal verwendet werden. Wenn Sie kein Konto angelegt haben, ignorieren Sie diese E-Mail.\n`,
      };
    case 'fr':
      return {
        subject: 'DoseDot : confirmer votre adresse e-mail',
        text: `Bonjour,\n\nConfirmez avec ce lien que cette adresse e-mail est bien celle de votre compte DoseDot :\n${link}\n\nLe lien est valable 24 heures et ne peut servir qu’une fois. Si vous n’avez pas créé de compte, ignorez cet e-mail.\n`,
      };
    default:
      return {
        subject: 'DoseDot: confirm your e-mail address',
        text: `Hello,\n\nPlease confirm with this link that this e-mail address belongs to your DoseDot account:\n${link}\n\nThe link is valid for 24 hours and can be used once. If you did not create an account, ignore this e-mail.\n`,
      };
  }
}

/** Someone registered with an address that has an account: told to its owner, never to the form. */
export function addressTakenEmail(
  language: Language,
  links: { signIn: string; forgotPassword: string },
): { subject: string; text: string } {
  switch (language) {
    case 'de':
      return {
        subject: 'DoseDot: Registrierung mit Ihrer E-Mail-Adresse',
        text: `Hallo,\n\njemand wollte gerade mit dieser E-Mail-Adresse ein DoseDot-Konto anlegen. Sie haben bereits eines; es wurde nichts geändert.\n\nWaren Sie das, melden Sie sich an:\n${links.signIn}\n\nPasswort vergessen? Wählen Sie hier ein neues:\n${links.forgotPassword}\n\nWaren Sie das nicht, ignorieren Sie diese E-Mail.\n`,
      };
    case 'fr':
      return {
        subject: 'DoseDot : inscription avec votre adresse e-mail',
        text: `Bonjour,\n\nQuelqu’un vient d’essayer de créer un compte DoseDot avec cette adresse e-mail. Vous en avez déjà un ; rien n’a été modifié.\n\nSi c’était vous, connectez-vous :\n${links.signIn}\n\nMot de passe oublié ? Choisissez-en un nouveau ici :\n${links.forgotPassword}\n\nSi ce n’était pas vous, ignorez cet e-mail.\n`,
      };
    default:
      return {
        subject: 'DoseDot: someone tried to register with your address',
        text: `Hello,\n\nSomeone just tried to create a DoseDot account with this e-mail address. You already have one; nothing was changed.\n\nIf this was you, sign in:\n${links.signIn}\n\nForgot your password? Choose a new one here:\n${links.forgotPassword}\n\nIf this was not you, ignore this e-mail.\n`,
      };
  }
}
