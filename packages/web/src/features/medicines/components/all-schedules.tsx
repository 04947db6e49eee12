import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDosageTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import type { ScheduleEntry } from '../api/get-profile-schedule';
import { formatForm, formatStrength } from '../utils/strength';

/** All schedules: every dosage time of the patient, in order of the day, with its medicine. */
export function AllSchedules({ schedule }: { schedule: ScheduleEntry[] }) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  if (schedule.length === 0)
    return <Typography color="text.secondary">{t('medicines.schedule.empty')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('medicines.views.schedules')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('medicines.allSchedules.time')}</TableCell>
            <TableCell>{t('medicines.allSchedules.medicine')}</TableCell>
            <TableCell>{t('medicines.allSchedules.strength')}</TableCell>
            <TableCell>{t('medicines.allSchedules.form')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.map((s) => (
            <TableRow key={s.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDosageTime(s.dosage_time, lang)}</TableCell>
              <TableCell>{s.medicine.name}</TableCell>
              <TableCell>{formatStrength(s.medicine.strength, t)}</TableCell>
              <TableCell>{formatForm(s.medicine.galenic_form, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
