import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../hooks/use-page-title';

interface ArticleProps {
  title: string;
  intro?: string;
  sections?: { heading: string; text: string }[];
  children?: ReactNode;
}

/** A page of reading: title (also the page title), introduction and headed sections. */
export function Article({ title, intro, sections = [], children }: ArticleProps) {
  usePageTitle(title);
  return (
    <Box component="article">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: intro ? 2 : 3 }}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ mb: 3 }}>{intro}</Typography> : null}
      {sections.map((section) => (
        <Box key={section.heading} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          <Typography color="text.secondary">{section.text}</Typography>
        </Box>
      ))}
      {children}
    </Box>
  );
}
