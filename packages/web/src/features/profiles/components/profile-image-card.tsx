import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError, failureKey } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useProfileImage } from '../api/profile-image';
import { IMAGE_TYPES, imageProblem } from '../utils/image';

/** The profile picture: upload one (PNG, JPEG or WebP, at most 2 MB, checked before sending) or remove it. */
export function ProfileImageCard({ image, name }: { image: string | null | undefined; name: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useProfileImage();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = imageProblem(file);
    setProblem(wrong ? t(wrong) : null);
    if (wrong) return;
    upload.mutate(file, {
      onSuccess: () => notify.success(t('profile.image.saved')),
      // The server names the field as data.image: its refusal is the allowed types, in the page's language.
      onError: (error) =>
        setProblem(
          error instanceof ApiError && error.fieldErrors.some((e) => e.path.at(-1) === 'image')
            ? t('profile.image.wrongType')
            : `${t('profile.image.failed')} ${t(failureKey(error))}`,
        ),
    });
  };

  return (
    <ContentCard title={t('profile.image.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <UserAvatar image={image} alt={t('userMenu.avatar', { name })} size={72} />
        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Typography id={helpId} variant="body2" color="text.secondary">
            {t('profile.image.limits')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              hidden
              onChange={onFile}
            />
            <Button
              variant="outlined"
              startIcon={<UploadOutlined />}
              disabled={busy}
              aria-describedby={helpId}
              onClick={() => input.current?.click()}
            >
              {t('profile.image.upload')}
            </Button>
            {image ? (
              <Button
                startIcon={<DeleteOutlined />}
                disabled={busy}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => notify.success(t('profile.image.removed')),
                    onError: (error) => setProblem(`${t('profile.image.failed')} ${t(failureKey(error))}`),
                  })
                }
              >
                {t('profile.image.remove')}
              </Button>
            ) : null}
          </Box>
        </Box>
      </Box>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      ) : null}
    </ContentCard>
  );
}
