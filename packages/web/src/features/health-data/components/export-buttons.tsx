import { useTranslation } from 'react-i18next';
import { DownloadButtons } from '../../../components/download-buttons';
import { type ExportFormat, useExportHealthData } from '../api/export-health-data';

const FORMATS: readonly ExportFormat[] = ['json', 'fhir'];

/** Take your data with you: the record as JSON, or as a FHIR R4 Bundle. */
export function ExportButtons() {
  const { t } = useTranslation();
  return (
    <DownloadButtons
      formats={FORMATS}
      download={useExportHealthData()}
      labelKey={(format) => `healthData.export.${format}`}
      failedKey="healthData.export.failed"
      groupLabel={t('healthData.export.label')}
    />
  );
}
