import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../hooks/use-page-title';

/** The heading of an auth page; the page title too. */
export function AuthHeading({ title, heading, intro }: { title: string; heading: string; intro?: string }) {
  usePageTitle(title);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 1 : 3 }}>
        {heading}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      ) : null}
    </>
  );
}
