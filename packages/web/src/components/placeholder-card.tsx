import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A part of a page that this version does not have yet. It says only that, so it can never
 * contradict the patient's data (no "0 medicines", no "nothing here" tray).
 */
export function PlaceholderCard({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2.5, sm: 3 },
        borderStyle: 'dashed',
        display: 'flex',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Box aria-hidden="true" sx={{ color: 'text.secondary', display: 'flex', '& svg': { fontSize: 28 } }}>
        <ConstructionOutlined />
      </Box>
      <Box>
        {title ? (
          <Typography component="p" variant="subtitle1">
            {title}
          </Typography>
        ) : null}
        <Typography color="text.secondary">{t('pages.notYet')}</Typography>
      </Box>
    </Paper>
  );
}
