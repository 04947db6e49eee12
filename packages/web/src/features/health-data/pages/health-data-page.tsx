import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useLocale } from '../../../hooks/use-locale';
import { useHealthData } from '../api/get-health-data';
import { AdditionalInformationCard } from '../components/additional-information-card';
import { BasicInformationCard } from '../components/basic-information-card';
import { EmergencyContactCard } from '../components/emergency-contact-card';
import { ExportButtons } from '../components/export-buttons';
import { MedicalInformationCard } from '../components/medical-information-card';
import { PhysicalMeasurementsCard } from '../components/physical-measurements-card';
import { VisionCard } from '../components/vision-card';
import { formatDate } from '../utils/format';

/** My Health Data (health-data users only): six sections, each with its own edit dialog, and downloads. */
export function HealthDataPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useHealthData();
  return (
    <>
      <PageHeader title={t('pages.healthData.title')} actions={<ExportButtons />} />
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 3 }}>
        {t('pages.healthData.intro')}
      </Typography>
      <QueryState query={query}>
        {(data) => (
          <>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }}>
              <BasicInformationCard data={data['basic-information']} />
              <PhysicalMeasurementsCard data={data['physical-measurements']} />
              <VisionCard data={data.vision} />
              <MedicalInformationCard data={data['medical-information']} />
              <EmergencyContactCard data={data['emergency-contact']} />
              <AdditionalInformationCard data={data['additional-information']} />
            </Box>
            {data.updatedAt ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
                {t('healthData.updatedAt', { date: formatDate(data.updatedAt, locale) })}
              </Typography>
            ) : null}
          </>
        )}
      </QueryState>
    </>
  );
}
