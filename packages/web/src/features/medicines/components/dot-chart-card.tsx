import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { useAfterPaint } from '../../../hooks/use-after-paint';
import { formatDate } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import type { Adherence } from '../api/get-adherence';
import { useTour } from '../hooks/use-tour';
import { countKinds, dotsOf } from '../utils/dot-chart-data';
import { DotLegend } from './dot-legend';

// ECharts and react-joyride load with the chart and the first tour, after the page has painted.
const DotChart = lazy(() => import('./dot-chart').then((m) => ({ default: m.DotChart })));
const DotChartTour = lazy(() => import('./dot-chart-tour'));

interface DotChartCardProps {
  adherence: Adherence;
  dosageTimes: string[];
  medicineNames: Map<number, string>;
}

/** The dot chart with its legend, its hint when there is nothing to draw, and its guided tour. */
export function DotChartCard({ adherence, dosageTimes, medicineNames }: DotChartCardProps) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const dots = useMemo(() => dotsOf(adherence.days, zone), [adherence, zone]);
  const painted = useAfterPaint();
  const tour = useTour(dots.length > 0 && painted);
  const [tourLoaded, setTourLoaded] = useState(false);
  const counts = countKinds(dots);
  const label = t('medicines.chart.label', {
    from: formatDate(adherence.from, lang),
    to: formatDate(adherence.to, lang),
    taken: adherence.totals.taken + adherence.totals.byHand,
    due: adherence.totals.due,
    unmatched: adherence.totals.unmatched,
  });
  if (tour.run && !tourLoaded) setTourLoaded(true);

  return (
    <div>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('medicines.chart.intro')}
        </Typography>
        <Button size="small" startIcon={<HelpOutlineOutlined />} onClick={tour.start}>
          {t('medicines.chart.explain')}
        </Button>
      </Box>
      {dots.length === 0 ? (
        <Alert severity="info" data-tour="dot-chart">
          {dosageTimes.length === 0 ? t('medicines.chart.hintPress') : t('medicines.history.empty')}
        </Alert>
      ) : (
        <Box data-tour="dot-chart" sx={{ minHeight: 380 }}>
          {painted ? (
            <Suspense fallback={<Loading />}>
              <DotChart
                days={adherence.days}
                dots={dots}
                dosageTimes={dosageTimes}
                medicineNames={medicineNames}
                label={label}
              />
            </Suspense>
          ) : (
            <Loading />
          )}
        </Box>
      )}
      <DotLegend counts={counts} />
      {dosageTimes.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('medicines.chart.lines')}
        </Typography>
      ) : null}
      {tourLoaded ? (
        <Suspense fallback={null}>
          <DotChartTour run={tour.run} onEnd={tour.end} />
        </Suspense>
      ) : null}
    </div>
  );
}
