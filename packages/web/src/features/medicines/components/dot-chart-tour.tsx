import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { type EventHandler, Joyride, STATUS, type Step } from 'react-joyride';
import { DotMark } from '../../../components/dot-mark';
import { DOT_KINDS } from '../../../lib/dots';

/** The steps' anchors: data-tour attributes of the My Medicine page. */
const target = (name: string) => `[data-tour="${name}"]`;

/**
 * The guided tour of the dot chart (react-joyride, loaded with the first tour): what a column and a
 * dot mean, the marks, the dashed dosage times, the period and the exports. `onEnd` hears when
 * it is finished or skipped. It never covers the page: no backdrop, no focus trap, the page
 * underneath stays usable while a step is shown.
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
      target: 'body',
      title: t('medicines.tour.legendTitle'),
      // In the middle of the screen: beside the legend a phone has no room for the list.
      placement: 'center',
      // The marks as the chart draws them (shape and colour from the same code), each named.
      content: (
        <>
          {t('medicines.tour.legend')}
          {/* On a short phone screen the list scrolls inside the tooltip, which stays on screen. */}
          <Box
            component="ul"
            tabIndex={0}
            aria-label={t('medicines.tour.legendTitle')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 1,
              textAlign: 'start',
              maxHeight: '45vh',
              overflowY: 'auto',
            }}
          >
            {DOT_KINDS.map((kind) => (
              <Box
                component="li"
                key={kind}
                sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mt: 0.5 }}
              >
                <Box component="span" sx={{ flex: 'none', position: 'relative', top: 2 }}>
                  <DotMark kind={kind} size={14} />
                </Box>
                {t(`medicines.tour.marks.${kind}`, { defaultValue: t(`medicines.dot.${kind}`) })}
              </Box>
            ))}
          </Box>
        </>
      ),
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
      // Tap targets of at least 44 px, as everywhere on a phone (react-joyride's are 28 to 32 px).
      styles={{
        buttonPrimary: { minHeight: 44 },
        buttonBack: { minHeight: 44 },
        buttonSkip: { minHeight: 44 },
        buttonClose: { minWidth: 44, minHeight: 44 },
        // The title keeps clear of the close button in the corner (32 px of it reach past the
        // tooltip's padding), on both sides so that it stays centred: a German title ran under it.
        tooltipTitle: { paddingInline: 32 },
      }}
      options={{
        skipBeacon: true,
        showProgress: true,
        buttons: ['back', 'close', 'primary', 'skip'],
        // Nothing covers the page: it stays usable beside the tooltip, which Skip or Close ends.
        hideOverlay: true,
        disableFocusTrap: true,
        overlayClickAction: false,
        primaryColor: theme.palette.primary.main,
        backgroundColor: theme.palette.background.paper,
        arrowColor: theme.palette.background.paper,
        textColor: theme.palette.text.primary,
        // Over the sticky app bar, under the menu drawer and any dialog: a dialog opened while the
        // tour shows lies over it (the tour stood over the "I took one" dialog's buttons).
        zIndex: theme.zIndex.appBar + 1,
      }}
    />
  );
}
