import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';

/** The page's heading; it also sets the document title. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Typography variant="h4" component="h1" sx={{ flex: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
