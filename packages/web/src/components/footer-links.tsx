import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { AppLink } from './app-link';

/** FAQ, contact, terms and privacy: the footer of every public page and of the side menu. */
export function FooterLinks({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation();
  const links = [
    { to: paths.faq, label: t('footer.faq') },
    { to: paths.contact, label: t('footer.contact') },
    { to: paths.terms, label: t('footer.terms') },
    { to: paths.privacy, label: t('footer.privacy') },
  ];
  return (
    <Box
      component="nav"
      aria-label={t('footer.links')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: dense ? 1.5 : 2.5, justifyContent: 'center' }}
    >
      {links.map((link) => (
        <AppLink key={link.to} to={link.to} variant="body2" underline="hover">
          {link.label}
        </AppLink>
      ))}
    </Box>
  );
}
