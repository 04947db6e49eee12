import Badge from '@mui/icons-material/Badge';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/use-locale';
import type { HealthData } from '../api/get-health-data';
import { formatDate } from '../utils/format';
import { BasicInformationDialog } from './basic-information-dialog';
import { SectionCard } from './section-card';
import { ValueList } from './value-list';

/** Date of birth with the age worked out, gender, blood type, nationality, AHV number, Rega. */
export function BasicInformationCard({ data }: { data: HealthData['basic-information'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <SectionCard
      title={t('healthData.sections.basic')}
      icon={<Badge />}
      empty={!data}
      dialog={(close) => <BasicInformationDialog data={data} onClose={close} />}
    >
      {data ? (
        <ValueList
          rows={[
            { label: t('healthData.basic.dateOfBirth'), value: formatDate(data.date_of_birth, locale) },
            {
              label: t('healthData.basic.age'),
              value: data.age === null ? null : t('healthData.basic.years', { count: data.age }),
            },
            { label: t('healthData.basic.gender'), value: t(`healthData.gender.${data.gender}`) },
            {
              label: t('healthData.basic.bloodType'),
              value: data.blood_type === 'unknown' ? t('healthData.bloodType.unknown') : data.blood_type,
            },
            { label: t('healthData.basic.nationality'), value: data.nationality },
            { label: t('healthData.basic.ahvNumber'), value: data.ahv_number },
            {
              label: t('healthData.basic.regaMember'),
              value: t(data.rega_member ? 'healthData.yes' : 'healthData.no'),
            },
          ]}
        />
      ) : null}
    </SectionCard>
  );
}
