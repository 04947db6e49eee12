import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';

interface PageHeaderProps {
  /** The page's name: its h1 and the document title. */
  title: string;
  /** Buttons for the whole page (add, export), at the title's right; below it on phones. */
  actions?: ReactNode;
  /** One line under the title that says what the page is for. */
  description?: ReactNode;
}

/** The page's heading; it also sets the document title. Every feature page starts with it. */
export function PageHeader({ title, actions, description }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'flex-start', columnGap: 2, rowGap: 1.5, mb: 3, flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {title}
        </Typography>
        {description ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {description}
          </Typography>
        ) : null}
      </Box>
      {actions ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', minHeight: 40 }}>
          {actions}
        </Box>
      ) : null}
    </Box>
  );
}
