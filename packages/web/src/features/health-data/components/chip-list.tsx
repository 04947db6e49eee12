import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** Saved entries as chips, or the empty state ('No known allergies'). */
export function ChipList({ label, items, emptyText }: { label: string; items: string[]; emptyText: string }) {
  if (items.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
      {items.map((item) => (
        <Box component="li" key={item} sx={{ listStyle: 'none' }}>
          <Chip size="small" label={item} />
        </Box>
      ))}
    </Box>
  );
}
