import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import type { PlanPanelProps } from './plan-panel';

// The panels' code (the plans, the dot chart and its tour) loads with the first panel drawn.
const PlanPanel = lazy(() => import('./plan-panel'));

export const VIEWS = ['dot-chart', 'daily', 'monthly', 'presses', 'schedules'] as const;
export type View = (typeof VIEWS)[number];
const LABELS: Record<View, string> = {
  'dot-chart': 'medicines.views.dotChart',
  daily: 'medicines.views.daily',
  monthly: 'medicines.views.monthly',
  presses: 'medicines.views.presses',
  schedules: 'medicines.views.schedules',
};

interface PlansSectionProps extends PlanPanelProps {
  rangeValid: boolean;
}

/**
 * The dot chart, the daily and monthly plans, the button presses and all schedules, as tabs. The
 * tabs show at once; the panel is drawn when the section comes near the screen: on a phone it is
 * far below the first screen, and the dot chart (ECharts) and its tour wait until the patient
 * scrolls to it (issue 23 item 12).
 */
export function PlansSection(props: PlansSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [panelRef, near] = useNearViewport<HTMLDivElement>();
  const { view } = props;
  return (
    <Paper component="section" variant="outlined" aria-label={t('medicines.views.label')} sx={{ mt: 3 }}>
      <Tabs
        value={view}
        onChange={(_e, value: View) => props.onChange({ view: value === 'dot-chart' ? undefined : value })}
        aria-label={t('medicines.views.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {VIEWS.map((v) => (
          <Tab
            key={v}
            value={v}
            label={t(LABELS[v])}
            id={`${id}-${v}-tab`}
            aria-controls={`${id}-${v}-panel`}
          />
        ))}
      </Tabs>
      <div
        ref={panelRef}
        role="tabpanel"
        id={`${id}-${view}-panel`}
        aria-labelledby={`${id}-${view}-tab`}
        aria-busy={!near}
        // Until it is drawn, room for it: the page below does not jump when it is.
        style={{ padding: 16, minHeight: near ? undefined : 320 }}
      >
        {near && (props.rangeValid || view === 'daily' || view === 'monthly' || view === 'schedules') ? (
          <Suspense fallback={<Loading />}>
            <PlanPanel {...props} />
          </Suspense>
        ) : null}
      </div>
    </Paper>
  );
}
