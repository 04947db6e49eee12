import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface SectionProps {
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** The guided tour's anchor for this section. */
  tour?: string;
  children: ReactNode;
}

/** A titled card of the My Medicine page: a region that screen readers can jump to. */
export function Section({ title, actions, tour, children }: SectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-tour={tour}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {actions}
      </div>
      {children}
    </Paper>
  );
}
