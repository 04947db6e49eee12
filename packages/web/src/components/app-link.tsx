import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useLocalizedPath } from '../hooks/use-locale';

type AppLinkProps = Omit<MuiLinkProps, 'href'> & { to: string };

/**
 * A link that stands on its own (not inside a sentence): a tap target of at least 44 × 44 px on a phone,
 * its text centred in it (issue 23 item 11).
 */
export const STANDALONE_LINK = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  minWidth: 44,
} as const;

/** A link to an app path in the current language. */
export function AppLink({ to, ...props }: AppLinkProps) {
  const href = useLocalizedPath();
  return <MuiLink component={RouterLink} to={href(to)} {...props} />;
}
