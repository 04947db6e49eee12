import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useLocalizedPath } from '../hooks/use-locale';

type AppLinkProps = Omit<MuiLinkProps, 'href'> & { to: string };

/** A link to an app path in the current language. */
export function AppLink({ to, ...props }: AppLinkProps) {
  const href = useLocalizedPath();
  return <MuiLink component={RouterLink} to={href(to)} {...props} />;
}
