import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** What is missing, as a statement ('No Medicine Schedule To Display'). */
  title: string;
  /** A line of help under the title. */
  children?: ReactNode;
  /** An icon that fits the content (default: an empty tray); it is decoration only. */
  icon?: ReactNode;
  /** The one thing to do about it (a button), under the text. */
  action?: ReactNode;
}

/** What a page or card shows when it truly has nothing to show. */
export function EmptyState({ title, children, icon, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Box
        aria-hidden="true"
        sx={{
          mx: 'auto',
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
          '& svg': { fontSize: 32 },
        }}
      >
        {icon ?? <InboxOutlined />}
      </Box>
      <Typography component="p" variant="h6" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {children ? (
        <Typography component="div" color="text.secondary" sx={{ mt: 1, maxWidth: '40rem', mx: 'auto' }}>
          {children}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
    </Paper>
  );
}
