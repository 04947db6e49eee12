import type { Medicine } from '@dosedot/domain';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton, { listItemButtonClasses } from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { formatDate, formatDosageTime } from '../../../lib/format';
import type { Language } from '../../../lib/locale';
import { useViewer } from '../../../lib/viewer';
import { useStock } from '../api/get-stock';
import { posologyLines } from '../utils/posology-words';
import { formatForm, formatStrength } from '../utils/strength';
import { DeleteMedicineButton } from './delete-medicine-button';
import { StockNote } from './stock-note';

interface MedicineListProps {
  medicines: Medicine[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}

/**
 * The patient's medicines; choosing one shows its schedule and history. An administrator acting
 * for a patient only adds medicines (the impersonation calls), so edit and delete are not offered.
 */
export function MedicineList({ medicines, selected, onSelect }: MedicineListProps) {
  const { lang, subject } = useViewer();
  const { t } = useTranslation();
  const href = useLocalizedPath();
  const readOnly = subject !== null;
  const stock = useStock();
  return (
    <List aria-label={t('medicines.list.title')} disablePadding>
      {medicines.map((m) => {
        const details = [formatStrength(m.strength, t), formatForm(m.galenic_form, t)]
          .filter(Boolean)
          .join(' · ');
        const dates = m.end_date
          ? t('medicines.list.fromTo', {
              from: formatDate(m.start_date, lang),
              to: formatDate(m.end_date, lang),
            })
          : t('medicines.list.from', { from: formatDate(m.start_date, lang) });
        return (
          <ListItem
            key={m.id}
            disablePadding
            divider
            // The row's text stops before its two buttons (MUI keeps room for one by itself): on a
            // phone a long date ran under the edit button.
            sx={readOnly ? undefined : { [`& > .${listItemButtonClasses.root}`]: { pr: 14 } }}
            secondaryAction={
              readOnly ? null : (
                <Box sx={{ display: 'flex' }}>
                  <IconButton
                    component={RouterLink}
                    to={href(paths.myMedicineEdit(m.id))}
                    aria-label={t('medicines.list.edit', { name: m.name })}
                  >
                    <EditOutlined />
                  </IconButton>
                  <DeleteMedicineButton medicine={m} />
                </Box>
              )
            }
          >
            <ListItemButton
              selected={m.id === selected}
              aria-current={m.id === selected ? 'true' : undefined}
              onClick={() => onSelect(m.id)}
              // The times stand under the name, never beside the edit and delete buttons (a phone's width).
              sx={{ pr: 2, flexDirection: 'column', alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={<Typography sx={{ fontWeight: 600 }}>{m.name}</Typography>}
                secondary={
                  <>
                    {details ? <span>{details}</span> : null}
                    {details ? <br /> : null}
                    <span>{dates}</span>
                    <StockNote stock={stock.data?.find((x) => x.medicineId === m.id)} />
                  </>
                }
              />
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 0.5,
                  mb: 0.5,
                }}
              >
                {m.posology && m.type === 1 ? (
                  // An imported posology: in words (its doses are not daily times).
                  <Typography variant="caption" color="text.secondary">
                    {posologyLines(t, lang as Language, m.posology).join(' · ')}
                  </Typography>
                ) : m.type === 2 ? (
                  <Chip size="small" label={t('medicines.list.asNeeded')} />
                ) : (
                  m.dosage_times.map((time) => (
                    <Chip key={time} size="small" variant="outlined" label={formatDosageTime(time, lang)} />
                  ))
                )}
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
