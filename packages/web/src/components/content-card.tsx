import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface ContentCardProps {
  /** The card's heading (an h2: the page's h1 is the PageHeader). */
  title?: string;
  /** A line under the heading. */
  description?: ReactNode;
  /** Buttons for this card only, at the heading's right. */
  actions?: ReactNode;
  /** 'none' for a table or chart that runs to the card's edges; the header keeps its padding. */
  padding?: 'normal' | 'none';
  children?: ReactNode;
}

/**
 * The card every feature page puts its content in: full width of the page's column, an outlined
 * surface with the theme's radius, an optional header with actions. A titled card is a region
 * named by its heading. Several cards stack in a `<Stack spacing={3}>`.
 */
export function ContentCard({ title, description, actions, padding = 'normal', children }: ContentCardProps) {
  const headingId = useId();
  const pad = { xs: 2, sm: 3 };
  const header = title || actions;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={title ? headingId : undefined}
      sx={{ overflow: 'hidden' }}
    >
      {header ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            flexWrap: 'wrap',
            gap: 1.5,
            px: pad,
            pt: pad,
            pb: padding === 'none' ? 2 : 0,
          }}
        >
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            {title ? (
              <Typography id={headingId} variant="h6" component="h2">
                {title}
              </Typography>
            ) : null}
            {description ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                {description}
              </Typography>
            ) : null}
          </Box>
          {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
        </Box>
      ) : null}
      {padding === 'none' ? children : <Box sx={{ p: pad, pt: header ? 2 : pad }}>{children}</Box>}
    </Paper>
  );
}
