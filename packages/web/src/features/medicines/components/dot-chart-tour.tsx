import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { type EventHandler, Joyride, STATUS, type Step } from 'react-joyride';

/** The steps' anchors: data-tour attributes of the My Medicine page. */
const target = (name: string) => `[data-tour="${name}"]`;

/**
 * The guided tour of the dot chart (react-joyride, loaded with the first tour): what a column and a
 * dot mean, the colours, the dashed dosage times, the period and the exports. `onEnd` hears when
 * it is finished or skipped.
 */
export default function DotChartTour({ run, onEnd }: { run: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const steps: Step[] = [
    {
      target: target('dot-chart'),
      title: t('medicines.tour.chartTitle'),
      content: t('medicines.tour.chart'),
    },
    {
      target: target('dot-legend'),
      title: t('medicines.tour.legendTitle'),
      content: t('medicines.tour.legend'),
    },
    {
      target: target('dot-chart'),
      title: t('medicines.tour.linesTitle'),
      content: t('medicines.tour.lines'),
    },
    { target: target('range'), title: t('medicines.tour.rangeTitle'), content: t('medicines.tour.range') },
    { target: target('export'), title: t('medicines.tour.exportTitle'), content: t('medicines.tour.export') },
  ];
  const onEvent: EventHandler = (data, controls) => {
    if (data.action === 'close' && data.origin !== 'button_primary' && data.status === STATUS.RUNNING) {
      controls.skip('button_close');
      return;
    }
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) onEnd();
  };
  return (
    <Joyride
      run={run}
      steps={steps}
      continuous
      scrollToFirstStep
      onEvent={onEvent}
      locale={{
        back: t('medicines.tour.back'),
        close: t('medicines.tour.close'),
        last: t('medicines.tour.last'),
        next: t('medicines.tour.next'),
        nextWithProgress: t('medicines.tour.nextWithProgress'),
        skip: t('medicines.tour.skip'),
      }}
      options={{
        skipBeacon: true,
        showProgress: true,
        buttons: ['back', 'close', 'primary', 'skip'],
        // A click beside the tooltip ends the tour (onEvent turns a close into a skip).
        overlayClickAction: 'close',
        primaryColor: theme.palette.primary.main,
        backgroundColor: theme.palette.background.paper,
        arrowColor: theme.palette.background.paper,
        textColor: theme.palette.text.primary,
        zIndex: theme.zIndex.modal + 1,
      }}
    />
  );
}
