import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field';
import {
  BATTERY_FILTERS,
  type DeviceListParams,
  HOLDER_FILTERS,
  SERVICE_FILTERS,
  SILENT_FILTERS,
  SORTABLE,
  type SortField,
} from '../utils/list-params';

/** One filter: a native select (a phone's own picker), labelled, its choices from the catalog. */
function FilterSelect({
  name,
  label,
  value,
  choices,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    // One to a row on a phone, where two side by side cut their choices ("Tous les boîtiers"); several
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
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

/**
 * Search and filters of the Devices page: holder (assigned/free), service, silent for more than N
 * hours, battery below N %; on the cards view also the order (the table sorts by its headers).
 */
export function DeviceFilters({
  params,
  withSort,
  onChange,
}: {
  params: DeviceListParams;
  withSort: boolean;
  onChange: (patch: Partial<DeviceListParams>) => void;
}) {
  const { t } = useTranslation();
  const any = { value: '', label: t('devices.fleet.filters.any') };
  const sortValue = params.sort ? `${params.sort.field}:${params.sort.direction}` : '';
  return (
    <>
      <FormControl sx={{ flex: '1 1 100%', minWidth: 0 }}>
        <SearchField
          value={params.q}
          onSearch={(q) => onChange({ q })}
          label={t('devices.fleet.search.label')}
          help={t('devices.fleet.search.help')}
          fullWidth
        />
      </FormControl>
      <FilterSelect
        name="holder"
        label={t('devices.fleet.filters.holder.label')}
        value={params.holder}
        choices={HOLDER_FILTERS.map((v) => ({ value: v, label: t(`devices.fleet.filters.holder.${v}`) }))}
        onChange={(v) => onChange({ holder: v as DeviceListParams['holder'] })}
      />
      <FilterSelect
        name="service"
        label={t('devices.fleet.filters.service.label')}
        value={params.service}
        choices={SERVICE_FILTERS.map((v) => ({ value: v, label: t(`devices.fleet.filters.service.${v}`) }))}
        onChange={(v) => onChange({ service: v as DeviceListParams['service'] })}
      />
      <FilterSelect
        name="silent"
        label={t('devices.fleet.filters.silent.label')}
        value={params.silent === null ? '' : String(params.silent)}
        choices={[
          any,
          ...SILENT_FILTERS.map((h) => ({
            value: String(h),
            label: t('devices.fleet.filters.silent.hours', { count: h }),
          })),
        ]}
        onChange={(v) => onChange({ silent: v === '' ? null : Number(v) })}
      />
      <FilterSelect
        name="battery"
        label={t('devices.fleet.filters.battery.label')}
        value={params.battery === null ? '' : String(params.battery)}
        choices={[
          any,
          ...BATTERY_FILTERS.map((p) => ({
            value: String(p),
            label: t('devices.fleet.filters.battery.below', { percent: p }),
          })),
        ]}
        onChange={(v) => onChange({ battery: v === '' ? null : Number(v) })}
      />
      {withSort ? (
        <FilterSelect
          name="sort"
          label={t('devices.fleet.sort.label')}
          value={sortValue}
          choices={[
            { value: '', label: t('devices.fleet.sort.default') },
            ...SORTABLE.flatMap((f) =>
              (['asc', 'desc'] as const).map((d) => ({
                value: `${f}:${d}`,
                label: t(`devices.fleet.sort.${d}`, { column: t(`devices.fleet.columns.${f}`) }),
              })),
            ),
          ]}
          onChange={(v) => {
            const [field, direction] = v.split(':');
            onChange({
              sort:
                v === ''
                  ? null
                  : { field: field as SortField, direction: direction === 'desc' ? 'desc' : 'asc' },
            });
          }}
        />
      ) : null}
    </>
  );
}
