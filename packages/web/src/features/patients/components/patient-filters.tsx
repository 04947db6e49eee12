import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../hooks/use-phone';
import {
  BOX_FILTERS,
  COLUMN_LABEL_KEYS,
  type ListParams,
  ORDER_COLUMNS,
  ROLE_FILTERS,
  type SortColumn,
  STATUS_FILTERS,
} from '../utils/list-query';

type FilterKey = 'role' | 'status' | 'box';

interface FiltersProps {
  params: ListParams;
  /** The compact list's columns for the order. */
  compact?: boolean;
  onChange: (patch: Partial<ListParams>) => void;
}
const CHOICES = { role: ROLE_FILTERS, status: STATUS_FILTERS, box: BOX_FILTERS } as const;

/** A native select (a phone's own picker) with its label: its choices as value and text. */
function LabelledSelect({
  name,
  label,
  value,
  choices,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  choices: readonly { value: string; text: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    // One to a row on a phone, where two side by side cut their choices ("With or withou"); several
    // to a row on a wider screen.
    <FormControl sx={{ flex: '1 1 12rem', minWidth: 0 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value)}
        input={<OutlinedInput notched label={label} />}
        inputProps={{ id, name }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

/** One filter, its choices from the catalog. */
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
  return (
    <LabelledSelect
      name={name}
      label={t(`patients.listing.filters.${name}.label`)}
      value={value}
      choices={CHOICES[name].map((choice) => ({
        value: choice,
        text: t(`patients.listing.filters.${name}.${choice}`),
      }))}
      onChange={onChange}
    />
  );
}

/**
 * The order on a phone, where the list has no column headers to sort by: each of the table's
 * columns, ascending or descending.
 */
function OrderSelect({ params, compact, onChange }: FiltersProps) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      name="sort"
      label={t('patients.listing.sort.label')}
      value={`${params.sort}:${params.direction}`}
      choices={ORDER_COLUMNS[compact ? 'compact' : 'full'].flatMap((column) =>
        (['asc', 'desc'] as const).map((direction) => ({
          value: `${column}:${direction}`,
          text: t(`patients.listing.sort.${direction}`, { column: t(COLUMN_LABEL_KEYS[column]) }),
        })),
      )}
      onChange={(value) => {
        const [sort, direction] = value.split(':');
        onChange({ sort: sort as SortColumn, direction: direction === 'asc' ? 'asc' : 'desc' });
      }}
    />
  );
}

/**
 * Role, status and box: what an administrator of hundreds of patients narrows the list by; on a
 * phone also the order.
 */
export function PatientFilters({ params, compact, onChange }: FiltersProps) {
  const phone = usePhone();
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
      {phone ? <OrderSelect params={params} compact={compact} onChange={onChange} /> : null}
    </>
  );
}
