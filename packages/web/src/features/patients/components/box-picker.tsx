import type { FreeBox } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchResults } from '../../../components/search-results';
import { TextInput } from '../../../components/text-input';
import { useDebounced } from '../../../hooks/use-debounced';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { useFreeBoxes } from '../api/get-free-boxes';

/** What a box is picked by: serial (or DevEUI), name, model, battery and when it was last heard. */
function BoxOption({ box }: { box: FreeBox }) {
  const { t } = useTranslation();
  const { lang, zone } = useViewer();
  const battery =
    box.battery === null
      ? t('assign.boxes.batteryUnknown')
      : t('assign.boxes.battery', { percent: formatPercent(box.battery / 100, lang) });
  const seen = box.sensortime
    ? t('assign.boxes.lastSeen', { when: formatDateTime(box.sensortime, lang, zone) })
    : t('assign.boxes.never');
  const title = box.serial_number ?? box.deveui;
  return (
    <ListItemText
      primary={box.name ? `${title} · ${box.name}` : title}
      secondary={
        <>
          <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>
            {t('assign.boxes.deveui', { deveui: box.deveui })} ·{' '}
            {t('assign.boxes.model', { model: box.device_profile })}
          </Box>
          <Box component="span" sx={{ display: 'block' }}>
            {battery} · {seen}
          </Box>
        </>
      }
      slotProps={{
        primary: { sx: { overflowWrap: 'anywhere' } },
        secondary: { sx: { overflowWrap: 'anywhere' } },
      }}
    />
  );
}

/**
 * Picks one of every free box (issue 24 item 1): searched on the server by DevEUI, serial or name
 * (accents ignored), a page at a time.
 */
export function BoxPicker({
  chosen,
  onChoose,
  missing,
}: {
  chosen: FreeBox | null;
  onChoose: (box: FreeBox | null) => void;
  /** The form was sent without a box: say so. */
  missing: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search);
  const boxes = useFreeBoxes(debounced, page, true);
  const entries = boxes.data?.data ?? [];
  const pagination = boxes.data?.meta.pagination;

  return (
    <Box>
      <TextInput
        label={t('assign.boxes.search')}
        value={search}
        fullWidth
        error={missing}
        helperText={missing ? t('assign.boxes.choose') : t('assign.boxes.searchHelp')}
        inputProps={{ type: 'search', autoComplete: 'off' }}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
          onChoose(null);
        }}
      />
      <SearchResults
        query={boxes}
        count={entries.length}
        failed={t('assign.boxes.failed')}
        empty={
          debounced.trim() ? t('assign.boxes.noMatch', { search: debounced.trim() }) : t('assign.boxes.none')
        }
        minHeight={200}
        footer={
          pagination && pagination.total > 0 ? (
            <Box
              component="nav"
              aria-label={t('assign.boxes.pager')}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                mt: 1,
                flexWrap: 'wrap',
              }}
            >
              <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
                {t('assign.boxes.previous')}
              </Button>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ order: { xs: -1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' }, textAlign: 'center' }}
              >
                {t('assign.boxes.page', {
                  page: Math.min(page, Math.max(1, pagination.pageCount)),
                  pages: Math.max(1, pagination.pageCount),
                  total: pagination.total,
                })}
              </Typography>
              <Button
                size="small"
                disabled={page >= pagination.pageCount}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('assign.boxes.next')}
              </Button>
            </Box>
          ) : null
        }
      >
        <List aria-label={t('assign.boxes.results')} dense disablePadding>
          {entries.map((box) => (
            <ListItem key={box.id} disablePadding>
              <ListItemButton
                selected={chosen?.deveui === box.deveui}
                aria-pressed={chosen?.deveui === box.deveui}
                onClick={() => onChoose(box)}
                sx={{ borderRadius: 1, alignItems: 'flex-start' }}
              >
                <BoxOption box={box} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </SearchResults>
    </Box>
  );
}
