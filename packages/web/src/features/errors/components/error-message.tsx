import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { goBack } from '../../../lib/go-back';
import { localize, stripLocale } from '../../../lib/locale';

/** The error pages: their status code and catalog texts (errorPages.<kind>.title/heading/text). */
const KINDS = {
  notFound: { code: '404', caption: true },
  generic: { code: '500', caption: false },
  unauthorized: { code: '401', caption: false },
} as const;

export type ErrorKind = keyof typeof KINDS;

/** The body of an error page: code, heading, text and a back button. The 404 also names itself. */
export function ErrorMessage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code, caption } = KINDS[kind];
  const title = t(`errorPages.${kind}.title`);
  usePageTitle(title);
  const back = () => goBack(navigate, localize(paths.home, stripLocale(window.location.pathname).locale));
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 560 }}>
      <Typography
        component="p"
        aria-hidden="true"
        sx={{
          fontSize: { xs: 72, sm: 120 },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
        }}
      >
        {code}
      </Typography>
      {caption ? (
        <Typography component="p" variant="overline" color="text.secondary" sx={{ mt: 1 }}>
          {title}
        </Typography>
      ) : null}
      <Typography variant="h4" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
        {t(`errorPages.${kind}.heading`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t(`errorPages.${kind}.text`)}
      </Typography>
      <Button variant="contained" sx={{ mt: 4 }} onClick={back}>
        {t('errorPages.back')}
      </Button>
    </Box>
  );
}
