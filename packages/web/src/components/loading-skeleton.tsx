import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

interface LoadingSkeletonProps {
  /** The shape of what is coming: a card of text lines, or a table's rows. */
  variant?: 'card' | 'table';
  /** How many lines or rows to sketch. */
  rows?: number;
}

/**
 * The grey outline of a card or table while its data loads, in the place the content will take,
 * so the page does not jump when it arrives. Screen readers hear "Loading…".
 */
export function LoadingSkeleton({ variant = 'card', rows = 3 }: LoadingSkeletonProps) {
  const { t } = useTranslation();
  const lines = Array.from({ length: rows }, (_, i) => i);
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Skeleton variant="text" width="35%" sx={{ fontSize: '1.25rem', mb: 2 }} />
      {variant === 'table'
        ? lines.map((i) => (
            <Box key={i} sx={{ display: 'flex', gap: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
              <Skeleton variant="text" sx={{ flex: 2 }} />
              <Skeleton variant="text" sx={{ flex: 1 }} />
              <Skeleton variant="text" sx={{ flex: 1 }} />
            </Box>
          ))
        : lines.map((i) => <Skeleton key={i} variant="text" width={i === rows - 1 ? '60%' : '100%'} />)}
    </Paper>
  );
}
