import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../lib/locale';

interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement | null;
  current: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The other two languages, each named in its own language. */
export default function LanguageMenu({ id, anchor, current, onChoose, onClose }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {LANGUAGES.filter((l) => l !== current).map((language) => (
        <MenuItem key={language} lang={language} onClick={() => onChoose(language)}>
          {t(`language.${language}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
