import type { Medicine } from '@dosedot/domain';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useViewer } from '../../../lib/viewer';
import { useMedicineSchedule } from '../api/get-medicine-schedule';
import type { DateRange } from '../api/keys';
import { downloadText, slug, toCsv } from '../utils/csv';
import { historyHeaders, historyRows } from '../utils/history-rows';
import { HistoryTable } from './history-table';
import { Section } from './section';

interface HistoryCardProps {
  medicine: Medicine;
  range: DateRange;
}

/** Medicine history: the chosen medicine's doses over the period, and its CSV export. */
export function HistoryCard({ medicine, range }: HistoryCardProps) {
  const { lang, zone } = useViewer();
  const { t } = useTranslation();
  const schedule = useMedicineSchedule(medicine.id, range);
  const rows = schedule.data ? historyRows(schedule.data.history, lang, zone, t) : [];
  const exportCsv = () =>
    downloadText(
      toCsv([historyHeaders(t), ...rows.map((r) => r.cells)]),
      `dosedot-${slug(medicine.name)}-${range.from}-${range.to}.csv`,
    );

  return (
    <Section
      title={t('medicines.history.title', { name: medicine.name })}
      tour="history"
      actions={
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={exportCsv}
          disabled={rows.length === 0}
        >
          {t('medicines.export.csv')}
        </Button>
      }
    >
      <QueryState query={schedule}>
        {() =>
          rows.length === 0 ? (
            <Typography color="text.secondary">{t('medicines.history.empty')}</Typography>
          ) : (
            <HistoryTable rows={rows} label={t('medicines.history.title', { name: medicine.name })} />
          )
        }
      </QueryState>
    </Section>
  );
}
