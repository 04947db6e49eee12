import type { IntakeEntry } from '@dosedot/domain';
import { dotStatusOf } from '@dosedot/domain/adherence';
import type { TFunction } from 'i18next';
import type { DotKind } from '../../../lib/dots';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';

/** One line of the medicine history, as the table shows it and the CSV export writes it. */
export interface HistoryRow {
  key: string;
  kind: DotKind;
  /** The dose's instant and status (not exported): a dose without a press may be confirmed by hand. */
  scheduledAt: string;
  status: IntakeEntry['status'];
  cells: [
    date: string,
    scheduled: string,
    status: string,
    press: string,
    difference: string,
    closeness: string,
  ];
}

export const historyHeaders = (t: TFunction): HistoryRow['cells'] => [
  t('medicines.history.date'),
  t('medicines.history.scheduled'),
  t('medicines.history.status'),
  t('medicines.history.press'),
  t('medicines.history.difference'),
  t('medicines.history.closeness'),
];

/** Minutes from the dose to the press, signed: '+12 min', '−5 min', '0 min'. */
export const formatDelta = (minutes: number | null, t: TFunction): string =>
  minutes === null
    ? ''
    : t('medicines.history.minutes', { value: minutes > 0 ? `+${minutes}` : `${minutes}` });

export function historyRows(history: IntakeEntry[], lang: string, zone: string, t: TFunction): HistoryRow[] {
  return history.map((intake) => ({
    key: `${intake.scheduledAt}-${intake.medicineIds.join('-')}`,
    kind: dotStatusOf(intake),
    scheduledAt: intake.scheduledAt,
    status: intake.status,
    cells: [
      formatDate(intake.date, lang),
      formatTime(intake.scheduledAt, lang, zone),
      t(`medicines.status.${intake.status}`),
      intake.press ? formatDateTime(intake.press, lang, zone) : '',
      formatDelta(intake.deltaMinutes, t),
      intake.band ? t(`medicines.band.${intake.band}`) : '',
    ],
  }));
}
