import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useRef, useState } from 'react';
import { TextInput } from './text-input';

/**
 * A list's search: sent to the server a moment after typing stops (the address changes once, not
 * per key). `label` and `help` come from the page's catalog.
 */
export function SearchField({
  value,
  onSearch,
  label,
  help,
  fullWidth = false,
}: {
  value: string;
  onSearch: (term: string) => void;
  label: string;
  help: string;
  fullWidth?: boolean;
}) {
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
      label={label}
      value={term}
      type="search"
      fullWidth={fullWidth}
      helperText={help}
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
