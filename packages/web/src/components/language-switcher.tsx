import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUpdateProfile } from '../lib/current-user';
import { LANGUAGES, type Language, localize, stripLocale } from '../lib/locale';
import { useSession } from '../lib/session-store';

/** Lists the other two languages and opens the same page in the chosen one. */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token);
  const updateProfile = useUpdateProfile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { locale, path } = stripLocale(location.pathname);

  const choose = (language: Language) => {
    setAnchor(null);
    // The profile keeps the choice, so the next login opens in it too.
    if (signedIn) updateProfile.mutate({ language });
    void navigate(`${localize(path, language)}${location.search}${location.hash}`);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('language.choose', { language: t(`language.${locale}`) })}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.filter((l) => l !== locale).map((language) => (
          <MenuItem key={language} lang={language} onClick={() => choose(language)}>
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
