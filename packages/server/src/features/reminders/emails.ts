import type { Language } from '@dosedot/domain';
import type { NotificationKind } from '@dosedot/domain/reminders';

export interface NotificationText {
  /** The local dosage time 'HH:MM'. */
  time: string;
  /** The medicines of the dose, by name. */
  medicines: string[];
  /** My Medicine, where the dose can be confirmed by hand. */
  link: string;
}

/** What caregivers are told of: the alerts about doses, not the reminders or the patient's refills. */
export type CaregiverKind = Exclude<NotificationKind, 'reminder' | 'refill'>;

type Texts = Record<NotificationKind, (t: NotificationText) => { subject: string; lead: string }>;

const list = (names: string[]) => names.join(', ');

const TEXTS: Record<Language, Texts & { close: string; hello: string; confirm: string }> = {
  en: {
    hello: 'Hello,',
    confirm: 'Took it without the box? Confirm it here:',
    close: 'Reminders and alerts can be switched off on your profile page.',
    reminder: (t) => ({
      subject: `DoseDot: time for your ${t.time} dose`,
      lead: `It is time for your ${t.time} dose: ${list(t.medicines)}.`,
    }),
    missed: (t) => ({
      subject: `DoseDot: your ${t.time} dose was not taken`,
      lead: `Your box has not seen your ${t.time} dose (${list(t.medicines)}) being taken.`,
    }),
    box_offline: (t) => ({
      subject: 'DoseDot: your box is offline',
      lead: `Your box has stopped reporting, so DoseDot cannot tell whether you took your ${t.time} dose (${list(t.medicines)}). Please check that the box is on and within reach of the network.`,
    }),
    refill: (t) => ({
      subject: `DoseDot: time to refill ${list(t.medicines)}`,
      lead: `Your stock of ${list(t.medicines)} will soon run out. Please get a refill in time; then enter the new stock in My Medicine.`,
    }),
    box_battery: (t) => ({
      subject: 'DoseDot: your box needs a new battery',
      lead: `Your box's battery is empty, so DoseDot cannot tell whether you took your ${t.time} dose (${list(t.medicines)}). Please change the battery.`,
    }),
  },
  de: {
    hello: 'Hallo,',
    confirm: 'Ohne die Box eingenommen? Hier bestätigen:',
    close: 'Erinnerungen und Hinweise lassen sich auf Ihrer Profilseite ausschalten.',
    reminder: (t) => ({
      subject: `DoseDot: Zeit für Ihre Einnahme um ${t.time}`,
      lead: `Es ist Zeit für Ihre Einnahme um ${t.time}: ${list(t.medicines)}.`,
    }),
    missed: (t) => ({
      subject: `DoseDot: Ihre Einnahme um ${t.time} fehlt`,
      lead: `Ihre Box hat Ihre Einnahme um ${t.time} (${list(t.medicines)}) nicht bemerkt.`,
    }),
    box_offline: (t) => ({
      subject: 'DoseDot: Ihre Box meldet sich nicht',
      lead: `Ihre Box meldet sich nicht mehr; DoseDot kann daher nicht sehen, ob Sie Ihre Einnahme um ${t.time} (${list(t.medicines)}) genommen haben. Bitte prüfen Sie, ob die Box eingeschaltet und in Reichweite des Netzes ist.`,
    }),
    refill: (t) => ({
      subject: `DoseDot: ${list(t.medicines)} nachbesorgen`,
      lead: `Ihr Vorrat an ${list(t.medicines)} geht bald zu Ende. Bitte besorgen Sie rechtzeitig Nachschub und tragen Sie den neuen Vorrat unter „Meine Medikamente“ ein.`,
    }),
    box_battery: (t) => ({
      subject: 'DoseDot: Ihre Box braucht eine neue Batterie',
      lead: `Die Batterie Ihrer Box ist leer; DoseDot kann daher nicht sehen, ob Sie Ihre Einnahme um ${t.time} (${list(t.medicines)}) genommen haben. Bitte wechseln Sie die Batterie.`,
    }),
  },
  fr: {
    hello: 'Bonjour,',
    confirm: 'Pris sans le boîtier ? Confirmez-le ici :',
    close: 'Les rappels et alertes se désactivent sur votre page de profil.',
    reminder: (t) => ({
      subject: `DoseDot : c’est l’heure de votre prise de ${t.time}`,
      lead: `C’est l’heure de votre prise de ${t.time} : ${list(t.medicines)}.`,
    }),
    missed: (t) => ({
      subject: `DoseDot : votre prise de ${t.time} manque`,
      lead: `Votre boîtier n’a pas vu votre prise de ${t.time} (${list(t.medicines)}).`,
    }),
    box_offline: (t) => ({
      subject: 'DoseDot : votre boîtier ne répond plus',
      lead: `Votre boîtier ne donne plus de nouvelles ; DoseDot ne peut donc pas savoir si vous avez pris votre dose de ${t.time} (${list(t.medicines)}). Vérifiez qu’il est allumé et à portée du réseau.`,
    }),
    refill: (t) => ({
      subject: `DoseDot : pensez à renouveler ${list(t.medicines)}`,
      lead: `Votre réserve de ${list(t.medicines)} sera bientôt épuisée. Renouvelez-la à temps, puis indiquez la nouvelle réserve dans « Mes médicaments ».`,
    }),
    box_battery: (t) => ({
      subject: 'DoseDot : votre boîtier a besoin d’une pile neuve',
      lead: `La pile de votre boîtier est vide ; DoseDot ne peut donc pas savoir si vous avez pris votre dose de ${t.time} (${list(t.medicines)}). Changez la pile.`,
    }),
  },
};

type CaregiverTexts = Record<
  CaregiverKind,
  (t: NotificationText & { patient: string }) => { subject: string; lead: string }
> & { close: string };

/** The alerts a caregiver gets about their patient (never the reminders). */
const CAREGIVER_TEXTS: Record<Language, CaregiverTexts> = {
  en: {
    close: 'You get this because you care for them in DoseDot; they can end that on their profile page.',
    missed: (t) => ({
      subject: `DoseDot: ${t.patient}'s ${t.time} dose was not taken`,
      lead: `${t.patient}'s box has not seen the ${t.time} dose (${list(t.medicines)}) being taken.`,
    }),
    box_offline: (t) => ({
      subject: `DoseDot: ${t.patient}'s box is offline`,
      lead: `${t.patient}'s box has stopped reporting, so DoseDot cannot tell whether the ${t.time} dose (${list(t.medicines)}) was taken.`,
    }),
    box_battery: (t) => ({
      subject: `DoseDot: ${t.patient}'s box needs a new battery`,
      lead: `The battery of ${t.patient}'s box is empty, so DoseDot cannot tell whether the ${t.time} dose (${list(t.medicines)}) was taken.`,
    }),
  },
  de: {
    close:
      'Sie erhalten diese E-Mail als betreuende Person in DoseDot; das lässt sich auf der Profilseite beenden.',
    missed: (t) => ({
      subject: `DoseDot: Einnahme von ${t.patient} um ${t.time} fehlt`,
      lead: `Die Box von ${t.patient} hat die Einnahme um ${t.time} (${list(t.medicines)}) nicht bemerkt.`,
    }),
    box_offline: (t) => ({
      subject: `DoseDot: Die Box von ${t.patient} meldet sich nicht`,
      lead: `Die Box von ${t.patient} meldet sich nicht mehr; DoseDot kann daher nicht sehen, ob die Einnahme um ${t.time} (${list(t.medicines)}) erfolgt ist.`,
    }),
    box_battery: (t) => ({
      subject: `DoseDot: Die Box von ${t.patient} braucht eine neue Batterie`,
      lead: `Die Batterie der Box von ${t.patient} ist leer; DoseDot kann daher nicht sehen, ob die Einnahme um ${t.time} (${list(t.medicines)}) erfolgt ist.`,
    }),
  },
  fr: {
    close:
      'Vous recevez cet e-mail en tant qu’aidant dans DoseDot ; cela peut prendre fin depuis la page de profil.',
    missed: (t) => ({
      subject: `DoseDot : la prise de ${t.time} de ${t.patient} manque`,
      lead: `Le boîtier de ${t.patient} n’a pas vu la prise de ${t.time} (${list(t.medicines)}).`,
    }),
    box_offline: (t) => ({
      subject: `DoseDot : le boîtier de ${t.patient} ne répond plus`,
      lead: `Le boîtier de ${t.patient} ne donne plus de nouvelles ; DoseDot ne peut donc pas savoir si la prise de ${t.time} (${list(t.medicines)}) a eu lieu.`,
    }),
    box_battery: (t) => ({
      subject: `DoseDot : la pile du boîtier de ${t.patient} est à changer`,
      lead: `La pile du boîtier de ${t.patient} est vide ; DoseDot ne peut donc pas savoir si la prise de ${t.time} (${list(t.medicines)}) a eu lieu.`,
    }),
  },
};

/** An alert about a patient to one of their caregivers, in the caregiver's language. */
export function caregiverEmail(
  language: Language,
  kind: CaregiverKind,
  t: NotificationText & { patient: string },
): { subject: string; text: string } {
  const texts = CAREGIVER_TEXTS[language] ?? CAREGIVER_TEXTS.en;
  const { subject, lead } = texts[kind](t);
  return { subject, text: `${TEXTS[language].hello}\n\n${lead}\n\n${t.link}\n\n${texts.close}\n` };
}

/** A reminder or an alert as an e-mail, in the patient's language. */
export function notificationEmail(
  language: Language,
  kind: NotificationKind,
  t: NotificationText,
): { subject: string; text: string } {
  const texts = TEXTS[language] ?? TEXTS.en;
  const { subject, lead } = texts[kind](t);
  return { subject, text: `${texts.hello}\n\n${lead}\n\n${texts.confirm}\n${t.link}\n\n${texts.close}\n` };
}

/**
 * A reminder or an alert as a push notification, in the recipient's language: the e-mail's subject
 * (without the app's name, which the notification shows anyway) and its first paragraph.
 */
export function pushText(
  language: Language,
  kind: NotificationKind,
  t: NotificationText & { patient?: string },
): { title: string; body: string } {
  const { subject, lead } =
    t.patient !== undefined && kind !== 'reminder' && kind !== 'refill'
      ? (CAREGIVER_TEXTS[language] ?? CAREGIVER_TEXTS.en)[kind]({ ...t, patient: t.patient })
      : (TEXTS[language] ?? TEXTS.en)[kind](t);
  const title = subject.replace(/^DoseDot\s?:\s*/, '');
  return { title: title.charAt(0).toUpperCase() + title.slice(1), body: lead };
}

/** The buttons of the patient's push notification (issue 26 item 3), in their language. */
const BUTTONS: Record<Language, { taken: string; snooze: (minutes: number) => string }> = {
  en: { taken: 'I took it', snooze: (m) => `Snooze ${m} min` },
  de: { taken: 'Eingenommen', snooze: (m) => `${m} Min. später` },
  fr: { taken: 'C’est pris', snooze: (m) => `Dans ${m} min` },
};

/** The texts of a notification's buttons: 'I took it' and one per snooze it offers. */
export function buttonTexts(language: Language, snoozes: readonly number[]) {
  const b = BUTTONS[language] ?? BUTTONS.en;
  return { taken: b.taken, ...Object.fromEntries(snoozes.map((m) => [`snooze${m}`, b.snooze(m)])) };
}
