import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { goBack } from '../../../lib/go-back';
import { localize, stripLocale } from '../../../lib/locale';

/** The error pages: their status code and catalog texts (errorPages.<kind>.title/heading/text). */
const CODES = { notFound: '404', generic: '500', unauthorized: '401' } as const;

export type ErrorKind = keyof typeof CODES;

/**
 * The body of every error page, one layout for all: the logo, the code with the page's name under
 * it (the 404's "This page could not be found"), the heading, the text and a back button.
 */
export function ErrorMessage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`errorPages.${kind}.title`);
  usePageTitle(title);
  const back = () => goBack(navigate, localize(paths.home, stripLocale(window.location.pathname).locale));
  return (
    <Box
      sx={{
        textAlign: 'center',
        maxWidth: 600,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      <Logo size={36} />
      <Typography
        component="p"
        aria-hidden="true"
        sx={{
          mt: { xs: 5, sm: 6 },
          fontSize: { xs: 80, sm: 112 },
          fontWeight: 800,
          lineHeight: 1,
          letterSpacing: '-0.03em',
          color: 'primary.accent',
        }}
      >
        {CODES[kind]}
      </Typography>
      <Typography component="p" variant="h6" color="text.secondary" sx={{ mt: 1.5 }}>
        {title}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mt: 3, fontSize: { xs: '1.5rem', sm: '1.875rem' } }}>
        {t(`errorPages.${kind}.heading`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 480 }}>
        {t(`errorPages.${kind}.text`)}
      </Typography>
      <Button variant="contained" size="large" sx={{ mt: 4, px: 4 }} onClick={back}>
        {t('errorPages.back')}
      </Button>
    </Box>
  );
}
