import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ValueRow {
  label: string;
  /** null or '' when the user left it out. */
  value: ReactNode;
}

/**
 * A section's values as a description list. On a phone each label stands above its value, both the
 * card's full width; from 600 px on, labels on the left (at most 45 % of the width) and values on
 * the right. Text wraps between words only (issue 23: German and French values wrapped letter by
 * letter in a narrow value column); a single word too long for a whole line (an e-mail address)
 * is the only thing broken.
 */
export function ValueList({ rows }: { rows: ValueRow[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'fit-content(45%) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
            {row.label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 500, overflowWrap: 'break-word', minWidth: 0 }}
          >
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
