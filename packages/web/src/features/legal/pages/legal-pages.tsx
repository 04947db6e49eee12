import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { STANDALONE_LINK } from '../../../components/app-link';
import { Article } from '../components/article';

/** The privacy notice or the terms: catalog sections `<part>Title` and `<part>`. */
function SectionedArticle({ section, parts }: { section: 'privacy' | 'terms'; parts: string[] }) {
  const { t } = useTranslation();
  return (
    <Article
      title={t(`legal.${section}.title`)}
      intro={t(`legal.${section}.intro`)}
      sections={parts.map((part) => ({
        heading: t(`legal.${section}.${part}Title`),
        text: t(`legal.${section}.${part}`),
      }))}
    />
  );
}

export function PrivacyPage() {
  return <SectionedArticle section="privacy" parts={['what', 'why', 'security', 'rights']} />;
}

export function TermsPage() {
  return <SectionedArticle section="terms" parts={['account', 'medical', 'changes']} />;
}

export function FaqPage() {
  const { t } = useTranslation();
  return (
    <Article
      title={t('legal.faq.title')}
      sections={[1, 2, 3, 4].map((n) => ({ heading: t(`legal.faq.q${n}`), text: t(`legal.faq.a${n}`) }))}
    />
  );
}

export function ContactPage() {
  const { t } = useTranslation();
  const email = t('legal.contact.email');
  return (
    <Article title={t('legal.contact.title')} intro={t('legal.contact.intro')}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, m: 0 }}>
        <Typography component="dt" color="text.secondary">
          {t('legal.contact.emailLabel')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          <Box component="a" href={`mailto:${email}`} sx={STANDALONE_LINK}>
            {email}
          </Box>
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('legal.contact.hoursLabel')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {t('legal.contact.hours')}
        </Typography>
      </Box>
    </Article>
  );
}
