import type { Language } from '@dosedot/domain';

/** The invitation to care for a patient, in the patient's language (the invitee's is not known). */
export function invitationEmail(
  language: Language,
  t: { patient: string; link: string; days: number },
): { subject: string; text: string } {
  switch (language) {
    case 'de':
      return {
        subject: `DoseDot: ${t.patient} lädt Sie als betreuende Person ein`,
        text: `Hallo,\n\n${t.patient} möchte, dass Sie in DoseDot sehen, ob die Medikamente eingenommen wurden, und einen Hinweis erhalten, wenn eine Einnahme fehlt. Sie sehen nur, nichts lässt sich von Ihnen ändern.\n\nMelden Sie sich an oder registrieren Sie sich und öffnen Sie diesen Link (gültig ${t.days} Tage, nur einmal):\n${t.link}\n\nKennen Sie ${t.patient} nicht, löschen Sie diese E-Mail einfach.\n`,
      };
    case 'fr':
      return {
        subject: `DoseDot : ${t.patient} vous invite comme aidant`,
        text: `Bonjour,\n\n${t.patient} souhaite que vous voyiez dans DoseDot si ses médicaments ont été pris, et que vous soyez averti quand une prise manque. Vous pouvez seulement consulter, rien modifier.\n\nConnectez-vous ou créez un compte, puis ouvrez ce lien (valable ${t.days} jours, une seule fois) :\n${t.link}\n\nSi vous ne connaissez pas ${t.patient}, ignorez simplement cet e-mail.\n`,
      };
    default:
      return {
        subject: `DoseDot: ${t.patient} invites you as a caregiver`,
        text: `Hello,\n\n${t.patient} would like you to see in DoseDot whether their medicines were taken, and to be told when a dose is missed. You can only look; nothing can be changed by you.\n\nSign in or register, then open this link (valid ${t.days} days, once):\n${t.link}\n\nIf you do not know ${t.patient}, simply delete this e-mail.\n`,
      };
  }
}
