import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../hooks/use-phone';

/**
 * The numbered pages of a list (the profile's access log and messages, a medicine's history), when
 * there is more than one; each button named for screen readers and a tap target of 44 px. On a
 * phone only the arrows and the current page, so that it stands on one line.
 */
export function ListPager({
  pageCount,
  page,
  onChange,
}: {
  pageCount: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (pageCount <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 2, '& .MuiPaginationItem-root': { minWidth: 44, height: 44, borderRadius: 22 } }}
      siblingCount={phone ? 0 : 1}
      boundaryCount={phone ? 0 : 1}
      count={pageCount}
      page={page}
      onChange={(_, p) => onChange(p)}
      getItemAriaLabel={(type, p) =>
        type === 'page' ? t('app.pager.page', { page: p }) : t(`app.pager.${type}`)
      }
    />
  );
}
