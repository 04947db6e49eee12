import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDosageTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import { useViewer } from '../../../lib/viewer';
import type { ProfileSchedule } from '../api/get-profile-schedule';
import { posologyLines } from '../utils/posology-words';
import { formatForm, formatStrength } from '../utils/strength';

/**
 * All schedules: every dosage time of the patient, in order of the day, with its medicine; then each
 * medicine with a posology (every N days, weekdays, cycles…), its schedule in words.
 */
export function AllSchedules({ schedule, posologies }: ProfileSchedule) {
  const { lang } = useViewer();
  const { t } = useTranslation();
  if (schedule.length === 0 && posologies.length === 0)
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
          {posologies.map((p) => (
            <TableRow key={`posology-${p.medicine.id}`}>
              <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {posologyLines(t, lang as Language, p.posology).map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a posology's parts have no other identity and never reorder
                  <Typography key={i} variant="body2" component="span" sx={{ display: 'block' }}>
                    {line}
                  </Typography>
                ))}
              </TableCell>
              <TableCell>{p.medicine.name}</TableCell>
              <TableCell>{formatStrength(p.medicine.strength, t)}</TableCell>
              <TableCell>{formatForm(p.medicine.galenic_form, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
