import { dotStatusOf } from '@dosedot/domain/adherence';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import { formatDateTime, formatTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import type { Adherence } from '../api/get-adherence';
import { formatDelta } from '../utils/history-rows';

/** Button-press history: every press of the period, newest first, with the dose it was matched to. */
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
  const presses = adherence.days
    .flatMap((day) => [
      ...day.intakes.flatMap((intake) => (intake.press ? [{ press: intake.press, intake }] : [])),
      ...day.unmatched.map((press) => ({ press, intake: null })),
    ])
    .sort((a, b) => b.press.localeCompare(a.press));

  if (presses.length === 0)
    return <Typography color="text.secondary">{t('medicines.presses.empty')}</Typography>;
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
              <TableCell>
                {intake
                  ? t('medicines.presses.matched', {
                      names: intake.medicineIds.map((id) => medicineNames.get(id) ?? `#${id}`).join(', '),
                      time: formatTime(intake.scheduledAt, lang, zone),
                    })
                  : t('medicines.dot.unmatched')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {intake ? formatDelta(intake.deltaMinutes, t) : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  <DotMark kind={intake ? dotStatusOf(intake) : 'unmatched'} />
                  {intake?.band ? t(`medicines.band.${intake.band}`) : t('medicines.dot.unmatched')}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
