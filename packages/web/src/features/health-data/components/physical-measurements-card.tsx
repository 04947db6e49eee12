import MonitorWeight from '@mui/icons-material/MonitorWeight';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/use-locale';
import type { HealthData } from '../api/get-health-data';
import { formatNumber } from '../utils/format';
import { PhysicalMeasurementsDialog } from './physical-measurements-dialog';
import { SectionCard } from './section-card';
import { ValueList } from './value-list';

const CATEGORY_COLOR = {
  underweight: 'warning',
  normal: 'success',
  overweight: 'warning',
  obese: 'error',
} as const;

/** Height, weight and the BMI the server works out, with its WHO category. */
export function PhysicalMeasurementsCard({ data }: { data: HealthData['physical-measurements'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const number = (value: number | null, key: string) =>
    value === null ? null : t(key, { value: formatNumber(value, locale) });
  return (
    <SectionCard
      title={t('healthData.sections.physical')}
      icon={<MonitorWeight />}
      empty={!data}
      dialog={(close) => <PhysicalMeasurementsDialog data={data} onClose={close} />}
    >
      {data ? (
        <ValueList
          rows={[
            {
              label: t('healthData.physical.height'),
              value: number(data.height_cm, 'healthData.physical.heightValue'),
            },
            {
              label: t('healthData.physical.weight'),
              value: number(data.weight_kg, 'healthData.physical.weightValue'),
            },
            {
              label: t('healthData.physical.bmi'),
              value:
                data.bmi === null ? null : (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{formatNumber(data.bmi, locale)}</span>
                    {data.bmi_category ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={CATEGORY_COLOR[data.bmi_category]}
                        label={t(`healthData.bmiCategory.${data.bmi_category}`)}
                      />
                    ) : null}
                  </Stack>
                ),
            },
          ]}
        />
      ) : null}
    </SectionCard>
  );
}
