import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { AppLink } from './app-link';

/**
 * FAQ, contact, terms and privacy: the footer of every public page and of the side menu. Wide, they
 * stand in one row; narrow (phones, `dense` in the side menu) in two tidy columns, FAQ and contact
 * beside terms and privacy, so the long German and French names never wrap.
 */
export function FooterLinks({ dense = false }: { dense?: boolean }) {
  const { t } = useTranslation();
  const links = [
    { to: paths.faq, label: t('footer.faq') },
    { to: paths.contact, label: t('footer.contact') },
    { to: paths.terms, label: t('footer.terms') },
    { to: paths.privacy, label: t('footer.privacy') },
  ];
  const twoColumns = { gridTemplateRows: 'repeat(2, auto)', gridAutoFlow: 'column', justifyItems: 'start' };
  return (
    <Box
      component="nav"
      aria-label={t('footer.links')}
      sx={(theme) => ({
        display: 'grid',
        justifyContent: dense ? 'start' : 'center',
        columnGap: dense ? 2.5 : 3,
        rowGap: 0,
        ...(dense ? twoColumns : { gridAutoFlow: 'column', [theme.breakpoints.down('sm')]: twoColumns }),
      })}
    >
      {links.map((link) => (
        <AppLink
          key={link.to}
          to={link.to}
          variant={dense ? 'caption' : 'body2'}
          underline="hover"
          // A tap target of 44 px on a phone, the text centred in it.
          sx={{
            whiteSpace: 'nowrap',
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            minWidth: 44,
          }}
        >
          {link.label}
        </AppLink>
      ))}
    </Box>
  );
}
