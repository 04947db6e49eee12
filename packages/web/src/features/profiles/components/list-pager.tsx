import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

/** The pages of a list on the profile page (the access log, what was sent), when there is more than one. */
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
  if (pageCount <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 2 }}
      count={pageCount}
      page={page}
      onChange={(_, p) => onChange(p)}
      getItemAriaLabel={(type, p) =>
        type === 'page' ? t('profile.access.page', { page: p }) : t(`profile.access.pager.${type}`)
      }
    />
  );
}
