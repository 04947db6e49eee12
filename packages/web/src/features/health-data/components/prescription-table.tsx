import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/use-locale';
import type { HealthData } from '../api/get-health-data';
import { formatDiopters } from '../utils/format';

type Vision = NonNullable<HealthData['vision']>;
const EYES = ['right', 'left'] as const;

/** The prescription per eye as opticians write it: sphere and cylinder in dioptres, axis in degrees. */
export function PrescriptionTable({ vision }: { vision: Vision }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dioptres = (value: number | null) => (value === null ? '–' : formatDiopters(value, locale));
  return (
    <Table
      size="small"
      aria-label={t('healthData.vision.prescription')}
      // Four columns fit a 360 px phone with narrower cell padding there (words never break).
      sx={{ mt: 2, '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, overflowWrap: 'normal' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('healthData.vision.eye')}</TableCell>
          <TableCell align="right">{t('healthData.vision.sphere')}</TableCell>
          <TableCell align="right">{t('healthData.vision.cylinder')}</TableCell>
          <TableCell align="right">{t('healthData.vision.axis')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {EYES.map((eye) => (
          <TableRow key={eye}>
            <TableCell component="th" scope="row">
              {t(`healthData.vision.${eye}`)}
            </TableCell>
            <TableCell align="right">{dioptres(vision[eye].sphere)}</TableCell>
            <TableCell align="right">{dioptres(vision[eye].cylinder)}</TableCell>
            <TableCell align="right">{vision[eye].axis === null ? '–' : `${vision[eye].axis}°`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
