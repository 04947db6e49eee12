import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SectionCardProps {
  title: string;
  icon: ReactNode;
  /** Nothing saved yet: the card says so and offers to add it. */
  empty: boolean;
  /** The section's edit dialog, mounted while open so it starts from the saved values. */
  dialog: (close: () => void) => ReactNode;
  children?: ReactNode;
}

/** One section of My Health Data: its heading, its values and the button that opens its dialog. */
export function SectionCard({ title, icon, empty, dialog, children }: SectionCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Card
        variant="outlined"
        component="section"
        aria-labelledby={headingId}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      >
        <CardHeader
          avatar={
            <Box aria-hidden="true" sx={{ display: 'flex', color: 'primary.main' }}>
              {icon}
            </Box>
          }
          title={title}
          slotProps={{ title: { id: headingId, component: 'h2', variant: 'h6' } }}
          action={
            <Button
              size="small"
              startIcon={empty ? <Add /> : <Edit />}
              aria-label={t(empty ? 'healthData.addSection' : 'healthData.editSection', { section: title })}
              onClick={() => setEditing(true)}
            >
              {t(empty ? 'healthData.add' : 'healthData.edit')}
            </Button>
          }
          sx={{ pb: 0, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        />
        <CardContent sx={{ flex: 1 }}>
          {empty ? <Typography color="text.secondary">{t('healthData.notEntered')}</Typography> : children}
        </CardContent>
      </Card>
      {editing ? dialog(() => setEditing(false)) : null}
    </>
  );
}
