import type { AdherenceDay, Medicine } from '@dosedot/domain';
import { dotStatusOf } from '@dosedot/domain/adherence';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DotMark } from '../../../components/dot-mark';
import type { DotKind } from '../../../lib/dots';
import { formatTime } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { medicineNames } from '../utils/names';

interface Event {
  at: string;
  kind: DotKind | 'now';
  title: string;
  detail: string | null;
}

interface DayTimelineProps {
  day: AdherenceDay;
  medicines: Medicine[];
  label: string;
}

/** One chart day as a timeline from 3 a.m. to 3 a.m.: the doses, the presses without a dose and now. */
export function DayTimeline({ day, medicines, label }: DayTimelineProps) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const now = new Date().toISOString();
  const events: Event[] = [
    ...day.intakes.map((i) => ({
      at: i.scheduledAt,
      kind: dotStatusOf(i),
      title: medicineNames(i.medicineIds, medicines),
      detail: i.press
        ? t('dashboard.pressedAt', { time: formatTime(i.press, lang, zone), minutes: i.deltaMinutes })
        : null,
    })),
    ...day.unmatched.map((p) => ({
      at: p,
      kind: 'unmatched' as const,
      title: t('dashboard.dot.unmatched'),
      detail: null,
    })),
    ...(now >= day.start && now < day.end
      ? [{ at: now, kind: 'now' as const, title: t('dashboard.now'), detail: null }]
      : []),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, position: 'relative' }}>
      {events.map((e) => (
        <Box
          component="li"
          key={`${e.kind}-${e.at}`}
          sx={{ display: 'grid', gridTemplateColumns: '84px 24px 1fr', alignItems: 'start', minHeight: 56 }}
        >
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', pt: 0.25 }}>
            {formatTime(e.at, lang, zone)}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', height: '100%' }}>
            {e.kind === 'now' ? (
              <Box sx={{ width: 12, height: 12, mt: 0.75, borderRadius: '50%', bgcolor: 'primary.main' }} />
            ) : (
              <Box sx={{ mt: 0.5 }}>
                <DotMark kind={e.kind} size={16} />
              </Box>
            )}
            <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />
          </Box>
          <Box sx={{ pb: 2 }}>
            <Typography
              sx={{
                fontWeight: e.kind === 'now' ? 700 : 500,
                color: e.kind === 'now' ? 'primary.main' : undefined,
              }}
            >
              {e.title}
            </Typography>
            {e.kind !== 'now' ? (
              <Typography variant="body2" color="text.secondary">
                {[e.kind === 'unmatched' ? null : t(`dashboard.dot.${e.kind}`), e.detail]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
