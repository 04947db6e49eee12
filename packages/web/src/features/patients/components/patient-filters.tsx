import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BOX_FILTERS, type ListParams, ROLE_FILTERS, STATUS_FILTERS } from '../utils/list-query';

type FilterKey = 'role' | 'status' | 'box';
const CHOICES = { role: ROLE_FILTERS, status: STATUS_FILTERS, box: BOX_FILTERS } as const;

/** One filter: a native select (a phone's own picker), labelled, its choices from the catalog. */
function FilterSelect({
  name,
  value,
  onChange,
}: {
  name: FilterKey;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl sx={{ flex: '1 1 9rem', minWidth: 0 }}>
      <InputLabel htmlFor={id} shrink>
        {t(`patients.listing.filters.${name}.label`)}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value)}
        input={<OutlinedInput notched label={t(`patients.listing.filters.${name}.label`)} />}
        inputProps={{ id, name }}
      >
        {CHOICES[name].map((choice) => (
          <option key={choice} value={choice}>
            {t(`patients.listing.filters.${name}.${choice}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

/** Role, status and box: what an administrator of hundreds of patients narrows the list by. */
export function PatientFilters({
  params,
  onChange,
}: {
  params: ListParams;
  onChange: (patch: Partial<ListParams>) => void;
}) {
  return (
    <>
      <FilterSelect
        name="role"
        value={params.role}
        onChange={(v) => onChange({ role: v as ListParams['role'] })}
      />
      <FilterSelect
        name="status"
        value={params.status}
        onChange={(v) => onChange({ status: v as ListParams['status'] })}
      />
      <FilterSelect
        name="box"
        value={params.box}
        onChange={(v) => onChange({ box: v as ListParams['box'] })}
      />
    </>
  );
}
