import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import { useTranslation } from 'react-i18next';
import type { HealthData } from '../api/get-health-data';
import { AdditionalInformationDialog } from './additional-information-dialog';
import { SectionCard } from './section-card';
import { ValueList } from './value-list';

/** Smoking, alcohol and organ donation. */
export function AdditionalInformationCard({ data }: { data: HealthData['additional-information'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('healthData.sections.additional')}
      icon={<VolunteerActivism />}
      empty={!data}
      dialog={(close) => <AdditionalInformationDialog data={data} onClose={close} />}
    >
      {data ? (
        <ValueList
          rows={[
            {
              label: t('healthData.additional.smoking'),
              value: data.smoking ? t(`healthData.smoking.${data.smoking}`) : null,
            },
            {
              label: t('healthData.additional.alcohol'),
              value: data.alcohol ? t(`healthData.alcohol.${data.alcohol}`) : null,
            },
            {
              label: t('healthData.additional.organDonor'),
              value: t(data.organ_donor ? 'healthData.yes' : 'healthData.no'),
            },
          ]}
        />
      ) : null}
    </SectionCard>
  );
}
