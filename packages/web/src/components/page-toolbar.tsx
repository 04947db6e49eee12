import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface PageToolbarProps {
  /** What narrows the content: search, filters, a date range; at the left. */
  children?: ReactNode;
  /** What acts on it: add, export; at the right, and first to wrap under on phones. */
  actions?: ReactNode;
  /** Names the group for screen readers (a catalog text), when the controls need a common name. */
  label?: string;
}

/**
 * The toolbar above a card or table: filters at the left, actions at the right. It wraps on
 * phones: filters take the full width, the actions go below them.
 */
export function PageToolbar({ children, actions, label }: PageToolbarProps) {
  return (
    <Box
      role={label ? 'group' : undefined}
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, flex: '1 1 18rem' }}>
        {children}
      </Box>
      {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
    </Box>
  );
}
