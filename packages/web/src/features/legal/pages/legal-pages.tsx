import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../hooks/use-page-title';

function LegalPage({ section, parts }: { section: string; parts: string[] }) {
  const { t } = useTranslation();
  const title = t(`legal.${section}.title`);
  usePageTitle(title);
  return (
    <Box component="article">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t(`legal.${section}.intro`)}</Typography>
      {parts.map((part) => (
        <Box key={part} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t(`legal.${section}.${part}Title`)}
          </Typography>
          <Typography color="text.secondary">{t(`legal.${section}.${part}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export function PrivacyPage() {
  return <LegalPage section="privacy" parts={['what', 'why', 'security', 'rights']} />;
}

export function TermsPage() {
  return <LegalPage section="terms" parts={['account', 'medical', 'changes']} />;
}

export function FaqPage() {
  const { t } = useTranslation();
  const title = t('legal.faq.title');
  usePageTitle(title);
  return (
    <Box component="article">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
        {title}
      </Typography>
      {[1, 2, 3, 4].map((n) => (
        <Box key={n} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t(`legal.faq.q${n}`)}
          </Typography>
          <Typography color="text.secondary">{t(`legal.faq.a${n}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export function ContactPage() {
  const { t } = useTranslation();
  const title = t('legal.contact.title');
  usePageTitle(title);
  const email = t('legal.contact.email');
  return (
    <Box component="article">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('legal.contact.intro')}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, m: 0 }}>
        <Typography component="dt" color="text.secondary">
          {t('legal.contact.emailLabel')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          <a href={`mailto:${email}`}>{email}</a>
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('legal.contact.hoursLabel')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t('legal.contact.hours')}
        </Typography>
      </Box>
    </Box>
  );
}
