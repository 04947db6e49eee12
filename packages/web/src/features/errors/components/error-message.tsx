import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../hooks/use-page-title';
import { goBack } from '../../../lib/go-back';
import { localize, stripLocale } from '../../../lib/locale';

interface ErrorMessageProps {
  code: string;
  title: string;
  heading: string;
  text: string;
  caption?: string;
}

/** The body of the error pages: code, heading, text and a back button. */
export function ErrorMessage({ code, title, heading, text, caption }: ErrorMessageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
          {caption}
        </Typography>
      ) : null}
      <Typography variant="h4" component="h1" sx={{ mt: 2, fontWeight: 600 }}>
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {text}
      </Typography>
      <Button variant="contained" sx={{ mt: 4 }} onClick={back}>
        {t('errorPages.back')}
      </Button>
    </Box>
  );
}
