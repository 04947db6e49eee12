import type { MedicineStock } from '@dosedot/domain';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../../lib/viewer';

/**
 * A medicine's stock on My Medicine (refills, issue 26 item 6): 'enough for about N days' at its
 * daily doses, or the units left of an as-needed one; below a week it reads as a warning.
 */
export function StockNote({ stock }: { stock: MedicineStock | undefined }) {
  const { t } = useTranslation();
  const { lang } = useViewer();
  if (!stock) return null;
  const left = stock.left.toLocaleString(lang);
  const text =
    stock.daysLeft === null
      ? t('medicines.stock.left', { count: stock.left, left })
      : t('medicines.stock.days', { count: stock.daysLeft, left });
  return (
    <>
      <br />
      <span style={{ fontWeight: stock.daysLeft !== null && stock.daysLeft < 7 ? 700 : undefined }}>
        {text}
      </span>
    </>
  );
}
