import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { type ExportFormat, useExportHealthData } from '../api/export-health-data';

const FORMATS: ExportFormat[] = ['json', 'fhir'];

/** Take your data with you: the record as JSON, or as a FHIR R4 Bundle. */
export function ExportButtons() {
  const { t } = useTranslation();
  const download = useExportHealthData();
  const save = (format: ExportFormat) =>
    download.mutate(format, {
      onError: (error) => notify.error(`${t('healthData.export.failed')} ${t(failureKey(error))}`),
    });
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('healthData.export.label')}>
      {FORMATS.map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<Download />}
          disabled={download.isPending}
          onClick={() => save(format)}
        >
          {t(`healthData.export.${format}`)}
        </Button>
      ))}
    </Stack>
  );
}
