import MedicalInformation from '@mui/icons-material/MedicalInformation';
import { useTranslation } from 'react-i18next';
import type { HealthData } from '../api/get-health-data';
import { ChipList } from './chip-list';
import { MedicalInformationDialog } from './medical-information-dialog';
import { SectionCard } from './section-card';
import { ValueList } from './value-list';

/** Allergies and chronic conditions as chips (or their empty states) and the notes. */
export function MedicalInformationCard({ data }: { data: HealthData['medical-information'] }) {
  const { t } = useTranslation();
  const allergies = t('healthData.medical.allergies');
  const conditions = t('healthData.medical.conditions');
  return (
    <SectionCard
      title={t('healthData.sections.medical')}
      icon={<MedicalInformation />}
      empty={!data}
      dialog={(close) => <MedicalInformationDialog data={data} onClose={close} />}
    >
      {data ? (
        <ValueList
          rows={[
            {
              label: allergies,
              value: (
                <ChipList
                  label={allergies}
                  items={data.allergies}
                  emptyText={t('healthData.medical.noAllergies')}
                />
              ),
            },
            {
              label: conditions,
              value: (
                <ChipList
                  label={conditions}
                  items={data.chronic_conditions}
                  emptyText={t('healthData.medical.noConditions')}
                />
              ),
            },
            {
              label: t('healthData.medical.notes'),
              value: data.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{data.notes}</span> : null,
            },
          ]}
        />
      ) : null}
    </SectionCard>
  );
}
