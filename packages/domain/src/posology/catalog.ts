import type { Language } from '../constants';

/*
 * The texts of posology phrases (words.ts) in en/de/fr, i18next's {{param}} syntax, so the web can
 * add this object to its catalogs as it is and the server can render the same words.
 */

type Catalog = Readonly<Record<string, string>>;

const en: Catalog = {
  'posology.amount.one': '{{value}}\u00a0{{unit}}',
  'posology.amount.range': '{{value}}–{{max}}\u00a0{{unit}}',
  'posology.slot.time': '{{amount}} at {{time}}',
  'posology.slot.morning': '{{amount}} in the morning',
  'posology.slot.noon': '{{amount}} at noon',
  'posology.slot.evening': '{{amount}} in the evening',
  'posology.slot.night': '{{amount}} at night',
  'posology.regimen': '{{days}}: {{slots}}',
  'posology.days.daily': 'Every day',
  'posology.days.once': 'Once',
  'posology.days.everyNDays': 'Every {{n}} days',
  'posology.days.weekdays': 'On {{list}}',
  'posology.days.weekdaysEveryNWeeks': 'On {{list}}, every {{n}} weeks',
  'posology.days.monthDays_one': 'On day {{list}} of the month',
  'posology.days.monthDays_other': 'On days {{list}} of the month',
  'posology.days.monthDaysEveryNMonths_one': 'On day {{list}} of the month, every {{n}} months',
  'posology.days.monthDaysEveryNMonths_other': 'On days {{list}} of the month, every {{n}} months',
  'posology.weekday.1': 'Monday',
  'posology.weekday.2': 'Tuesday',
  'posology.weekday.3': 'Wednesday',
  'posology.weekday.4': 'Thursday',
  'posology.weekday.5': 'Friday',
  'posology.weekday.6': 'Saturday',
  'posology.weekday.7': 'Sunday',
  'posology.phase.take_one': 'For {{count}} day — {{regimen}}',
  'posology.phase.take_other': 'For {{count}} days — {{regimen}}',
  'posology.phase.thenOn': 'From then on — {{regimen}}',
  'posology.phase.pause_one': 'Then a pause of {{count}} day',
  'posology.phase.pause_other': 'Then a pause of {{count}} days',
  'posology.sequence.repeat': 'Then start again',
  'posology.inReserve': 'If needed',
  'posology.freeText': '{{text}}',
  'posology.unsupported.noDoses': 'The plan gives no doses for this line',
  'posology.unsupported.noTime': 'The plan gives no time or day for these doses',
  'posology.unsupported.noStart': 'The plan gives no start date to count this schedule from',
  'posology.unsupported.perCycle': 'The plan gives a number of doses per period without saying when',
  'posology.unsupported.interval': 'The plan gives a shortest interval between doses',
  'posology.unsupported.changingDose': 'The plan gives a dose that changes while it is given',
  'posology.unsupported.unit': 'The plan counts in hours or minutes',
  'posology.unsupported.unknown': 'DoseDot cannot read this posology',
  'posology.dates.fromTo': 'From {{from}} to {{to}}',
  'posology.dates.from': 'From {{from}}',
  'posology.dates.to': 'Until {{to}}',
};

const de: Catalog = {
  'posology.amount.one': '{{value}}\u00a0{{unit}}',
  'posology.amount.range': '{{value}}–{{max}}\u00a0{{unit}}',
  'posology.slot.time': '{{amount}} um {{time}}',
  'posology.slot.morning': '{{amount}} morgens',
  'posology.slot.noon': '{{amount}} mittags',
  'posology.slot.evening': '{{amount}} abends',
  'posology.slot.night': '{{amount}} zur Nacht',
  'posology.regimen': '{{days}}: {{slots}}',
  'posology.days.daily': 'Täglich',
  'posology.days.once': 'Einmalig',
  'posology.days.everyNDays': 'Alle {{n}} Tage',
  'posology.days.weekdays': 'Am {{list}}',
  'posology.days.weekdaysEveryNWeeks': 'Am {{list}}, alle {{n}} Wochen',
  'posology.days.monthDays_one': 'Am Monatstag {{list}}',
  'posology.days.monthDays_other': 'An den Monatstagen {{list}}',
  'posology.days.monthDaysEveryNMonths_one': 'Am Monatstag {{list}}, alle {{n}} Monate',
  'posology.days.monthDaysEveryNMonths_other': 'An den Monatstagen {{list}}, alle {{n}} Monate',
  'posology.weekday.1': 'Montag',
  'posology.weekday.2': 'Dienstag',
  'posology.weekday.3': 'Mittwoch',
  'posology.weekday.4': 'Donnerstag',
  'posology.weekday.5': 'Freitag',
  'posology.weekday.6': 'Samstag',
  'posology.weekday.7': 'Sonntag',
  'posology.phase.take_one': '{{count}} Tag lang — {{regimen}}',
  'posology.phase.take_other': '{{count}} Tage lang — {{regimen}}',
  'posology.phase.thenOn': 'Danach — {{regimen}}',
  'posology.phase.pause_one': 'Dann {{count}} Tag Pause',
  'posology.phase.pause_other': 'Dann {{count}} Tage Pause',
  'posology.sequence.repeat': 'Dann wieder von vorn',
  'posology.inReserve': 'Bei Bedarf',
  'posology.freeText': '{{text}}',
  'posology.unsupported.noDoses': 'Der Plan nennt für diese Zeile keine Dosis',
  'posology.unsupported.noTime': 'Der Plan nennt für diese Dosen keine Zeit und keinen Tag',
  'posology.unsupported.noStart': 'Der Plan nennt kein Startdatum, von dem aus dieser Plan zählt',
  'posology.unsupported.perCycle': 'Der Plan nennt eine Anzahl Dosen pro Zeitraum, ohne zu sagen wann',
  'posology.unsupported.interval': 'Der Plan nennt einen kürzesten Abstand zwischen den Dosen',
  'posology.unsupported.changingDose': 'Der Plan nennt eine Dosis, die sich während der Gabe ändert',
  'posology.unsupported.unit': 'Der Plan zählt in Stunden oder Minuten',
  'posology.unsupported.unknown': 'DoseDot kann diese Dosierung nicht lesen',
  'posology.dates.fromTo': 'Vom {{from}} bis {{to}}',
  'posology.dates.from': 'Ab {{from}}',
  'posology.dates.to': 'Bis {{to}}',
};

const fr: Catalog = {
  'posology.amount.one': '{{value}}\u00a0{{unit}}',
  'posology.amount.range': '{{value}} à {{max}}\u00a0{{unit}}',
  'posology.slot.time': '{{amount}} à {{time}}',
  'posology.slot.morning': '{{amount}} le matin',
  'posology.slot.noon': '{{amount}} à midi',
  'posology.slot.evening': '{{amount}} le soir',
  'posology.slot.night': '{{amount}} la nuit',
  'posology.regimen': '{{days}}\u00a0: {{slots}}',
  'posology.days.daily': 'Chaque jour',
  'posology.days.once': 'Une seule fois',
  'posology.days.everyNDays': 'Tous les {{n}} jours',
  'posology.days.weekdays': 'Le {{list}}',
  'posology.days.weekdaysEveryNWeeks': 'Le {{list}}, toutes les {{n}} semaines',
  'posology.days.monthDays_one': 'Le jour {{list}} du mois',
  'posology.days.monthDays_other': 'Les jours {{list}} du mois',
  'posology.days.monthDaysEveryNMonths_one': 'Le jour {{list}} du mois, tous les {{n}} mois',
  'posology.days.monthDaysEveryNMonths_other': 'Les jours {{list}} du mois, tous les {{n}} mois',
  'posology.weekday.1': 'lundi',
  'posology.weekday.2': 'mardi',
  'posology.weekday.3': 'mercredi',
  'posology.weekday.4': 'jeudi',
  'posology.weekday.5': 'vendredi',
  'posology.weekday.6': 'samedi',
  'posology.weekday.7': 'dimanche',
  'posology.phase.take_one': 'Pendant {{count}} jour — {{regimen}}',
  'posology.phase.take_other': 'Pendant {{count}} jours — {{regimen}}',
  'posology.phase.thenOn': 'Ensuite — {{regimen}}',
  'posology.phase.pause_one': 'Puis {{count}} jour de pause',
  'posology.phase.pause_other': 'Puis {{count}} jours de pause',
  'posology.sequence.repeat': 'Puis recommencer',
  'posology.inReserve': 'En réserve, si besoin',
  'posology.freeText': '{{text}}',
  'posology.unsupported.noDoses': 'Le plan n’indique aucune dose pour cette ligne',
  'posology.unsupported.noTime': 'Le plan n’indique ni heure ni jour pour ces doses',
  'posology.unsupported.noStart': 'Le plan n’indique pas de date de début à partir de laquelle compter',
  'posology.unsupported.perCycle': 'Le plan indique un nombre de doses par période sans dire quand',
  'posology.unsupported.interval': 'Le plan indique un intervalle minimal entre les doses',
  'posology.unsupported.changingDose': 'Le plan indique une dose qui change pendant l’administration',
  'posology.unsupported.unit': 'Le plan compte en heures ou en minutes',
  'posology.unsupported.unknown': 'DoseDot ne peut pas lire ce dosage',
  'posology.dates.fromTo': 'Du {{from}} au {{to}}',
  'posology.dates.from': 'À partir du {{from}}',
  'posology.dates.to': 'Jusqu’au {{to}}',
};

export const POSOLOGY_CATALOG: Readonly<Record<Language, Catalog>> = { en, de, fr };

type Tree = { [key: string]: string | Tree };

/**
 * The catalog of a language as nested objects ({ posology: { slot: { time: … } } }), the shape of
 * the web's i18next catalogs, whose keys are paths ('posology.slot.time').
 */
export function posologyCatalogTree(language: Language): Tree {
  const tree: Tree = {};
  for (const [key, text] of Object.entries(POSOLOGY_CATALOG[language])) {
    const path = key.split('.');
    let node = tree;
    for (const step of path.slice(0, -1)) {
      const next = node[step] ?? {};
      if (typeof next === 'string') throw new Error(`${key}: ${step} is a text`);
      node[step] = next;
      node = next;
    }
    node[path.at(-1) as string] = text;
  }
  return tree;
}
