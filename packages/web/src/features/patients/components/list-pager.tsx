import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { type ListParams, PAGE_SIZES } from '../utils/list-query';

/**
 * The list's pager. A page beyond the end (an old link, `page=99`) says so instead of MUI's
 * "2,451–2,475 of 30"; on a phone it keeps the text and the arrows and leaves the page size out,
 * so it is not cut off at 360 px.
 */
export function ListPager({
  total,
  params,
  onChange,
}: {
  total: number;
  params: ListParams;
  onChange: (patch: Partial<ListParams>) => void;
}) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / params.pageSize));
  const beyond = params.page > pageCount;
  return (
    <TablePagination
      component="div"
      count={total}
      // MUI takes no page past the end: beyond it, the arrows act from the last page.
      page={Math.min(params.page, pageCount) - 1}
      rowsPerPage={params.pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_, page) => onChange({ page: page + 1 })}
      onRowsPerPageChange={(e) => onChange({ pageSize: Number(e.target.value) })}
      labelRowsPerPage={t('patients.pager.rows')}
      labelDisplayedRows={({ from, to, count }) =>
        beyond
          ? t('patients.listing.beyond.shown', { page: params.page, count })
          : t('patients.pager.shown', { from, to, count })
      }
      getItemAriaLabel={(type) => t(`patients.pager.${type}`)}
      showFirstButton
      showLastButton
      sx={{
        '& .MuiTablePagination-toolbar': {
          px: { xs: 1, sm: 2 },
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
        '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
          display: { xs: 'none', sm: 'flex' },
        },
      }}
    />
  );
}
