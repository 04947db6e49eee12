import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ValueRow {
  label: string;
  /** null or '' when the user left it out. */
  value: ReactNode;
}

/** A section's values as a description list: label on the left, value on the right. */
export function ValueList({ rows }: { rows: ValueRow[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(8rem, auto) 1fr', columnGap: 2, rowGap: 1 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {row.value === null || row.value === undefined || row.value === '' ? (
              <Box component="span" sx={{ color: 'text.disabled', fontWeight: 400 }}>
                {t('healthData.notStated')}
              </Box>
            ) : (
              row.value
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
