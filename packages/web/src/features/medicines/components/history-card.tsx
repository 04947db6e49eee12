import type { Medicine } from '@dosedot/domain';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PanToolAltOutlined from '@mui/icons-material/PanToolAltOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useOpenedOnce } from '../../../hooks/use-opened-once';
import { useViewer } from '../../../lib/viewer';
import { useMedicineSchedule } from '../api/get-medicine-schedule';
import type { DateRange } from '../api/keys';
import { downloadText, slug, toCsv } from '../utils/csv';
import { historyHeaders, historyRows } from '../utils/history-rows';
import { ConfirmDoseButton, canConfirm } from './confirm-dose-button';
import { HistoryTable } from './history-table';
import { ManualIntakes } from './manual-intakes';
import { Section } from './section';

// 'I took one' asks for the time and amount in a dialog loaded when first opened (issue 23 item 12).
const TookOneDialog = lazy(() => import('./took-one-dialog').then((m) => ({ default: m.TookOneDialog })));

interface HistoryCardProps {
  medicine: Medicine;
  range: DateRange;
}

/**
 * Medicine history: the chosen medicine's doses over the period (a dose without a press can be
 * confirmed by hand), the intakes entered by hand ('I took one' for an as-needed medicine), and
 * the CSV export.
 */
export function HistoryCard({ medicine, range }: HistoryCardProps) {
  const { lang, zone, readOnly } = useViewer();
  const { t } = useTranslation();
  const [taking, setTaking] = useState(false);
  const tookOpened = useOpenedOnce(taking);
  const schedule = useMedicineSchedule(medicine.id, range);
  const history = schedule.data?.history ?? [];
  // Every dose of the period, formatted when asked for (the table formats only the page it shows).
  const exportCsv = () =>
    downloadText(
      toCsv([historyHeaders(t), ...historyRows(history, lang, zone, t).map((r) => r.cells)]),
      `dosedot-${slug(medicine.name)}-${range.from}-${range.to}.csv`,
    );

  return (
    <Section
      title={t('medicines.history.title', { name: medicine.name })}
      tour="history"
      actions={
        <>
          {medicine.type === 2 && !readOnly ? (
            <Button
              size="small"
              variant="contained"
              startIcon={<PanToolAltOutlined />}
              sx={{ minHeight: 44 }}
              onClick={() => setTaking(true)}
            >
              {t('medicines.intake.tookOne')}
            </Button>
          ) : null}
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={exportCsv}
            disabled={history.length === 0}
          >
            {t('medicines.export.csv')}
          </Button>
        </>
      }
    >
      <QueryState query={schedule}>
        {(data) => (
          <>
            {medicine.type === 2 ? null : history.length === 0 ? (
              <Typography color="text.secondary">{t('medicines.history.empty')}</Typography>
            ) : (
              <HistoryTable
                // A new medicine or period opens on its first page.
                key={`${medicine.id}/${range.from}/${range.to}`}
                history={history}
                label={t('medicines.history.title', { name: medicine.name })}
                action={(row) =>
                  canConfirm(row.status, row.scheduledAt) ? (
                    <ConfirmDoseButton medicineIds={[medicine.id]} scheduledAt={row.scheduledAt} />
                  ) : null
                }
              />
            )}
            {history.some((intake) => intake.status === 'not_tracked') ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('medicines.intake.notTracked')}
              </Alert>
            ) : null}
            {medicine.type === 2 || data.manual.length > 0 ? <ManualIntakes intakes={data.manual} /> : null}
          </>
        )}
      </QueryState>
      {medicine.type === 2 && !readOnly && tookOpened ? (
        <Suspense fallback={null}>
          <TookOneDialog medicine={medicine} open={taking} onClose={() => setTaking(false)} />
        </Suspense>
      ) : null}
    </Section>
  );
}
