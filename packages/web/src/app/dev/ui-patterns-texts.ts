/**
 * The sample texts of the UI patterns page (development only), kept out of the app's catalogs so
 * they never ship. They follow docs/writing.md all the same.
 */
export const UI_PATTERN_TEXTS = {
  en: {
    pageDescription: 'Your medicines and their daily dosage times.',
    add: 'Add medicine',
    export: 'Export',
    search: 'Search medicines',
    cardTitle: 'Scheduled medicines',
    cardDescription: 'Taken every day at fixed times.',
    cardBody:
      'A card holds one part of a page: a list, a form, a chart. Its title names it, its actions act on it alone.',
    edit: 'Edit',
    editNamed: 'Edit {{name}}',
    tableTitle: 'Medicines',
    medicine: 'Medicine',
    strength: 'Strength',
    times: 'Dosage times',
    chartTitle: 'Doses this week',
    chartDescription: 'One dot per dose, coloured by how close to its time it was taken.',
    emptyTitle: 'No medicines yet',
    emptyText: 'Add the medicines you take and their dosage times, and DoseDot shows when each dose is due.',
  },
  de: {
    pageDescription: 'Ihre Medikamente und ihre täglichen Einnahmezeiten.',
    add: 'Medikament hinzufügen',
    export: 'Exportieren',
    search: 'Medikamente suchen',
    cardTitle: 'Medikamente nach Plan',
    cardDescription: 'Jeden Tag zu festen Zeiten eingenommen.',
    cardBody:
      'Eine Karte enthält einen Teil einer Seite: eine Liste, ein Formular, ein Diagramm. Ihr Titel benennt ihn, ihre Aktionen wirken nur auf ihn.',
    edit: 'Bearbeiten',
    editNamed: '{{name}} bearbeiten',
    tableTitle: 'Medikamente',
    medicine: 'Medikament',
    strength: 'Stärke',
    times: 'Einnahmezeiten',
    chartTitle: 'Einnahmen dieser Woche',
    chartDescription: 'Ein Punkt pro Einnahme, gefärbt nach dem Abstand zur geplanten Zeit.',
    emptyTitle: 'Noch keine Medikamente',
    emptyText:
      'Fügen Sie Ihre Medikamente und Einnahmezeiten hinzu, dann zeigt DoseDot, wann jede Einnahme fällig ist.',
  },
  fr: {
    pageDescription: 'Vos médicaments et leurs heures de prise quotidiennes.',
    add: 'Ajouter un médicament',
    export: 'Exporter',
    search: 'Rechercher un médicament',
    cardTitle: 'Médicaments planifiés',
    cardDescription: 'Pris chaque jour à heures fixes.',
    cardBody:
      'Une carte contient une partie d’une page : une liste, un formulaire, un graphique. Son titre la nomme, ses actions n’agissent que sur elle.',
    edit: 'Modifier',
    editNamed: 'Modifier {{name}}',
    tableTitle: 'Médicaments',
    medicine: 'Médicament',
    strength: 'Dosage',
    times: 'Heures de prise',
    chartTitle: 'Prises de la semaine',
    chartDescription: 'Un point par prise, coloré selon l’écart avec l’heure prévue.',
    emptyTitle: 'Aucun médicament pour l’instant',
    emptyText:
      'Ajoutez vos médicaments et leurs heures de prise : DoseDot vous indique quand chaque prise est due.',
  },
} as const;
