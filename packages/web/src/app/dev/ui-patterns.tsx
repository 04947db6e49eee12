import type { DotStatus } from '@dosedot/domain/adherence';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MedicationOutlined from '@mui/icons-material/MedicationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ContentCard } from '../../components/content-card';
import { EmptyState } from '../../components/empty-state';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { PageHeader } from '../../components/page-header';
import { PageToolbar } from '../../components/page-toolbar';
import { StatusDot, StatusLegend } from '../../components/status-dot';
import { TextInput } from '../../components/text-input';
import { activateLanguage, i18n } from '../../i18n';
import type { ThemeMode } from '../../lib/settings-store';
import { buildTheme } from '../../lib/theme';
import { addWebfont } from '../../lib/webfont';
import { UI_PATTERN_TEXTS } from './ui-patterns-texts';

/*
 * The page patterns of docs/ui.md, side by side with sample data: a living style guide for
 * development (not part of the build). e2e/ui-docs.ts photographs each block for the docs.
 * ?mode=dark and ?lang=de|fr show the other modes and languages.
 */

const MEDICINES = [
  { name: 'Metformin', strength: '500 mg', times: '08:00 · 19:00' },
  { name: 'Ramipril', strength: '5 mg', times: '08:00' },
  { name: 'Atorvastatin', strength: '20 mg', times: '21:30' },
];

/** A week of one patient's doses, three a day: the dot chart's data in miniature. */
const WEEK = (
  [
    ['on_time', 'on_time', 'about_1h'],
    ['on_time', 'over_2h', 'on_time'],
    ['on_time', 'on_time', 'on_time'],
    ['missed', 'on_time', 'about_1h'],
    ['on_time', 'on_time', 'on_time'],
    ['on_time', 'about_1h', 'pending'],
    ['pending', 'pending', 'pending'],
  ] satisfies DotStatus[][]
).map((doses, day) => ({
  date: new Date(2026, 10, 16 + day),
  doses: doses.map((status, slot) => ({ slot, status })),
}));

/** One pattern, with an id the docs' screenshot script finds it by. */
function Pattern({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ p: 3, bgcolor: 'background.default' }}>
      {children}
    </Box>
  );
}

function Patterns() {
  const { t, i18n } = useTranslation();
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto', py: 2 }}>
      <Pattern id="page-header">
        <PageHeader
          title={t('nav.myMedicine')}
          description={t('uiPatterns.pageDescription')}
          actions={
            <Button variant="contained" startIcon={<Add />}>
              {t('uiPatterns.add')}
            </Button>
          }
        />
      </Pattern>

      <Pattern id="toolbar">
        <PageToolbar
          actions={
            <Button variant="outlined" startIcon={<FileDownloadOutlined />}>
              {t('uiPatterns.export')}
            </Button>
          }
        >
          <Box sx={{ flex: '1 1 16rem', maxWidth: 360 }}>
            <TextInput label={t('uiPatterns.search')} fullWidth />
          </Box>
        </PageToolbar>
      </Pattern>

      <Pattern id="content-card">
        <ContentCard
          title={t('uiPatterns.cardTitle')}
          description={t('uiPatterns.cardDescription')}
          actions={<Button>{t('uiPatterns.edit')}</Button>}
        >
          <Typography>{t('uiPatterns.cardBody')}</Typography>
        </ContentCard>
      </Pattern>

      <Pattern id="table">
        <ContentCard title={t('uiPatterns.tableTitle')} padding="none">
          <Table aria-label={t('uiPatterns.tableTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('uiPatterns.medicine')}</TableCell>
                <TableCell>{t('uiPatterns.strength')}</TableCell>
                <TableCell>{t('uiPatterns.times')}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('uiPatterns.edit')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {MEDICINES.map((m) => (
                <TableRow key={m.name} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{m.name}</TableCell>
                  <TableCell>{m.strength}</TableCell>
                  <TableCell>{m.times}</TableCell>
                  <TableCell align="right">
                    <IconButton aria-label={t('uiPatterns.editNamed', { name: m.name })}>
                      <EditOutlined />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ContentCard>
      </Pattern>

      <Pattern id="chart">
        <ContentCard title={t('uiPatterns.chartTitle')} description={t('uiPatterns.chartDescription')}>
          <Box
            role="img"
            aria-label={t('uiPatterns.chartTitle')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 1, mb: 3 }}
          >
            {WEEK.map(({ date, doses }) => (
              <Stack key={date.getDate()} spacing={1.25} sx={{ alignItems: 'center' }}>
                <Typography variant="caption" color="text.secondary">
                  {weekday.format(date)}
                </Typography>
                {doses.map(({ slot, status }) => (
                  <StatusDot key={slot} status={status} size={18} />
                ))}
              </Stack>
            ))}
          </Box>
          <StatusLegend />
        </ContentCard>
      </Pattern>

      <Pattern id="empty-state">
        <EmptyState
          title={t('uiPatterns.emptyTitle')}
          icon={<MedicationOutlined />}
          action={
            <Button variant="contained" startIcon={<Add />}>
              {t('uiPatterns.add')}
            </Button>
          }
        >
          {t('uiPatterns.emptyText')}
        </EmptyState>
      </Pattern>

      <Pattern id="loading-skeleton">
        <LoadingSkeleton variant="table" rows={3} />
      </Pattern>
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const params = new URLSearchParams(window.location.search);
const mode: ThemeMode = params.get('mode') === 'dark' ? 'dark' : 'light';
const lang = params.get('lang');
const language = lang === 'de' || lang === 'fr' ? lang : 'en';
await activateLanguage(language);
i18n.addResourceBundle(language, 'translation', { uiPatterns: UI_PATTERN_TEXTS[language] }, true);
const router = createMemoryRouter([{ path: '*', Component: Patterns }]);

// The documentation's screenshots are drawn in the webfont from the start.
addWebfont();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider theme={buildTheme(mode, '#0096c7')}>
        <CssBaseline enableColorScheme />
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>,
  );
}
