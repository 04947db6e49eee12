import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a page shows when it has nothing to show. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <InboxOutlined sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden="true" />
      <Typography component="p" variant="h6" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children ? <Box sx={{ mt: 1, color: 'text.secondary' }}>{children}</Box> : null}
    </Paper>
  );
}
