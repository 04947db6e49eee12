import DeleteForever from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { DownloadButtons } from '../../../components/download-buttons';
import { useUser } from '../../../lib/current-user';
import { type MyDataFormat, useExportMyData } from '../api/export-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Take it with you, or delete it: everything DoseDot holds about the user as a file (and the FHIR
 * Bundle for users with My Health Data), and the deletion of the account.
 */
export function MyDataCard() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const download = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  const formats: MyDataFormat[] = user?.meta.healthData ? ['json', 'fhir'] : ['json'];
  return (
    <ContentCard title={t('account.title')} description={t('account.intro')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('account.download.text')}</Typography>
        <DownloadButtons
          formats={formats}
          download={download}
          labelKey={(format) => `account.download.${format}`}
          failedKey="account.download.failed"
        />
        <Divider flexItem />
        <Typography>{t('account.delete.text')}</Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForever />}
          onClick={() => setDeleting(true)}
        >
          {t('account.delete.open')}
        </Button>
      </Stack>
      <DeleteAccountDialog
        open={deleting}
        twoFactor={user?.meta.twoFactor ?? false}
        onClose={() => setDeleting(false)}
      />
    </ContentCard>
  );
}
