import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLocalizedPath } from '../hooks/use-locale';
import { stripLocale } from '../lib/locale';

/**
 * Tabs that are links to sibling routes (the dashboard and medicine variants). The first label
 * starts flush with the page title; on phones the row scrolls by swiping, with no arrow buttons
 * keeping space at its start.
 */
export function RouteTabs({ label, tabs }: { label: string; tabs: { path: string; label: string }[] }) {
  const href = useLocalizedPath();
  const current = stripLocale(useLocation().pathname).path;
  const value = tabs.some((tab) => tab.path === current) ? current : false;
  return (
    <Tabs
      value={value}
      aria-label={label}
      variant="scrollable"
      scrollButtons={false}
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={tab.label}
          component={RouterLink}
          to={href(tab.path)}
          // A short label ('Table') still gets a finger's 44 px.
          sx={{ minWidth: 44, minHeight: 44, px: 0, mr: 3, '&:last-of-type': { mr: 0 } }}
        />
      ))}
    </Tabs>
  );
}
