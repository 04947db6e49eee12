import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';

/** The list's search: sent to the server a moment after typing stops. */
export function SearchField({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => setTerm(value), [value]);
  useEffect(() => {
    if (term.trim() === value.trim()) return;
    const timer = setTimeout(() => search.current(term.trim()), 300);
    return () => clearTimeout(timer);
  }, [term, value]);
  return (
    <TextInput
      label={t('patients.search.label')}
      value={term}
      type="search"
      helperText={t('patients.search.help')}
      onChange={(e) => setTerm(e.target.value)}
      endAdornment={
        <InputAdornment position="end">
          <Search aria-hidden="true" />
        </InputAdornment>
      }
      inputProps={{ maxLength: 100, enterKeyHint: 'search' }}
    />
  );
}
