import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatDosageTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import type { ScheduleEntry } from '../api/get-profile-schedule';

/** The whole schedule the chart counts: every dosage time with its medicine. */
export function ScheduleList({ schedule }: { schedule: ScheduleEntry[] }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('charts.schedule.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('charts.schedule.time')}</TableCell>
          <TableCell>{t('charts.schedule.medicine')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {schedule.map((s) => (
          <TableRow key={s.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDosageTime(s.dosage_time, lang)}</TableCell>
            <TableCell>{[s.medicine.name, s.medicine.strength].filter(Boolean).join(' ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
