import type { EmediplanPreview } from '@dosedot/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/locale';
import { posologyLines } from '../utils/posology-words';

export interface Line {
  ticked: boolean;
  /** The name to create it with: the plan's text, or what the patient typed for a GTIN/Pharmacode. */
  name: string;
}

/** The name a plan's line is shown and created with at first. */
export function initialName(
  t: (key: string, params?: Record<string, string>) => string,
  medicine: EmediplanPreview['plan']['medicines'][number],
): string {
  const text = medicine.name?.replace(/\s+/g, ' ').trim();
  if (text) return text.slice(0, 200);
  const id = medicine.identifier;
  return id ? t(`emediplan.identifier.${id.type}`, { value: id.value }) : '';
}

/** The plan's medicines, each with a tick, its name (editable when the plan gives only a code) and its schedule in words. */
export function EmediplanLines({
  preview,
  lines,
  onChange,
  disabled,
}: {
  preview: EmediplanPreview;
  lines: Line[];
  onChange: (index: number, line: Line) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <Box
      component="ul"
      aria-label={t('emediplan.import.lines')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {preview.plan.medicines.map((medicine, index) => {
        const line = lines[index] ?? { ticked: false, name: '' };
        const words = posologyLines(t, lang, medicine.posology);
        const nameId = `emediplan-line-${index}`;
        return (
          <Box
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: a plan's lines have no id but their place
            key={index}
            sx={{
              display: 'flex',
              gap: 1,
              p: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              opacity: line.ticked ? 1 : 0.6,
            }}
          >
            <Checkbox
              checked={line.ticked}
              disabled={disabled}
              onChange={(e) => onChange(index, { ...line, ticked: e.target.checked })}
              slotProps={{ input: { 'aria-label': t('emediplan.import.tick', { name: line.name }) } }}
              sx={{ alignSelf: 'start' }}
            />
            <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.5 }}>
              {medicine.name ? (
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.name}</Typography>
              ) : (
                <TextField
                  id={nameId}
                  size="small"
                  label={t('emediplan.import.name')}
                  value={line.name}
                  disabled={disabled || !line.ticked}
                  error={line.ticked && line.name.trim() === ''}
                  helperText={
                    line.ticked && line.name.trim() === '' ? t('emediplan.import.nameRequired') : undefined
                  }
                  onChange={(e) => onChange(index, { ...line, name: e.target.value.slice(0, 200) })}
                />
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                <Chip
                  size="small"
                  label={t(preview.types[index] === 1 ? 'emediplan.import.type1' : 'emediplan.import.type2')}
                />
                {medicine.identifier && medicine.name ? (
                  <Typography variant="caption" color="text.secondary">
                    {t(`emediplan.identifier.${medicine.identifier.type}`, {
                      value: medicine.identifier.value,
                    })}
                  </Typography>
                ) : null}
              </Box>
              {words.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('emediplan.import.noPosology')}
                </Typography>
              ) : (
                words.map((text, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one line per part of the posology, in order
                  <Typography key={i} variant="body2">
                    {text}
                  </Typography>
                ))
              )}
              {medicine.reason ? (
                <Typography variant="body2" color="text.secondary">
                  {t('emediplan.import.reason', { reason: medicine.reason })}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
