import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type Language, localize, stripLocale } from '../lib/locale';

// The menu loads on the first click: the sign-in page does not need it to appear.
const LanguageMenu = lazy(() => import('./language-menu'));

/**
 * Lists the other two languages and opens the same page in the chosen one; `onChange` hears of
 * the choice (the app keeps it in the profile while signed in).
 */
export function LanguageSwitcher({ onChange }: { onChange?: (language: Language) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const { locale, path } = stripLocale(location.pathname);

  const choose = (language: Language) => {
    setAnchor(null);
    onChange?.(language);
    void navigate(`${localize(path, language)}${location.search}${location.hash}`);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('language.choose', { language: t(`language.${locale}`) })}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
      >
        {locale.toUpperCase()}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            current={locale}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
