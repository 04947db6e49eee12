import { dotStatusOf } from '@dosedot/domain/adherence';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { ListPager } from '../../../components/list-pager';
import { PhoneRows } from '../../../components/phone-rows';
import { usePhone } from '../../../hooks/use-phone';
import { formatDateTime, formatTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import type { Adherence } from '../api/get-adherence';
import { formatDelta } from '../utils/history-rows';
import { pageOf } from './history-table';

/**
 * Button-press history: every press of the period, newest first, with the dose it was matched to. On
 * a phone a list of entries, ten a page (the table's columns were twice the screen's width).
 */
export function PressHistory({
  adherence,
  medicineNames,
}: {
  adherence: Adherence;
  medicineNames: Map<number, string>;
}) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  const zone = adherence.timezone;
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const presses = adherence.days
    .flatMap((day) => [
      ...day.intakes.flatMap((intake) => (intake.press ? [{ press: intake.press, intake }] : [])),
      ...day.unmatched.map((press) => ({ press, intake: null })),
    ])
    .sort((a, b) => b.press.localeCompare(a.press));

  if (presses.length === 0)
    return <Typography color="text.secondary">{t('medicines.presses.empty')}</Typography>;
  const doseOf = (intake: (typeof presses)[number]['intake']) =>
    intake
      ? t('medicines.presses.matched', {
          names: intake.medicineIds.map((id) => medicineNames.get(id) ?? `#${id}`).join(', '),
          time: formatTime(intake.scheduledAt, lang, zone),
        })
      : t('medicines.dot.unmatched');
  const closenessOf = (intake: (typeof presses)[number]['intake']) => (
    <>
      <DotMark kind={intake ? dotStatusOf(intake) : 'unmatched'} />
      {intake?.band ? t(`medicines.band.${intake.band}`) : t('medicines.dot.unmatched')}
    </>
  );
  if (phone) {
    const { pageCount, shown, items } = pageOf(presses, page);
    return (
      <>
        <PhoneRows
          label={t('medicines.views.presses')}
          rows={items.map(({ press, intake }) => ({
            key: press,
            title: formatDateTime(press, lang, zone),
            status: closenessOf(intake),
            details: [
              [t('medicines.presses.dose'), intake ? doseOf(intake) : ''],
              [t('medicines.history.difference'), intake ? formatDelta(intake.deltaMinutes, t) : ''],
            ],
          }))}
        />
        <ListPager pageCount={pageCount} page={shown} onChange={setPage} />
      </>
    );
  }
  return (
    <TableContainer
      sx={{ maxHeight: 420 }}
      tabIndex={0}
      role="region"
      aria-label={t('medicines.views.presses')}
    >
      <Table size="small" stickyHeader aria-label={t('medicines.views.presses')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('medicines.presses.time')}</TableCell>
            <TableCell>{t('medicines.presses.dose')}</TableCell>
            <TableCell>{t('medicines.history.difference')}</TableCell>
            <TableCell>{t('medicines.history.closeness')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {presses.map(({ press, intake }) => (
            <TableRow key={press}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(press, lang, zone)}</TableCell>
              <TableCell>{doseOf(intake)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {intake ? formatDelta(intake.deltaMinutes, t) : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  {closenessOf(intake)}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
