import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../lib/api-client';
import { notify } from '../lib/toast';

interface DownloadButtonsProps<F extends string> {
  /** The formats offered, one button each. */
  formats: readonly F[];
  /** The download, by format. */
  download: UseMutationResult<unknown, Error, F>;
  /** The catalog key of a format's button. */
  labelKey: (format: F) => string;
  /** The catalog key of the toast's first words when a download fails. */
  failedKey: string;
  /** The group's accessible name, where the buttons stand without a heading. */
  groupLabel?: string;
}

/** One outlined download button per format; a failed download says so in a toast. */
export function DownloadButtons<F extends string>({
  formats,
  download,
  labelKey,
  failedKey,
  groupLabel,
}: DownloadButtonsProps<F>) {
  const { t } = useTranslation();
  const save = (format: F) =>
    download.mutate(format, {
      onError: (error) => notify.error(`${t(failedKey)} ${t(failureKey(error))}`),
    });
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1 }}
      {...(groupLabel ? { role: 'group', 'aria-label': groupLabel } : {})}
    >
      {formats.map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<Download />}
          disabled={download.isPending}
          onClick={() => save(format)}
        >
          {t(labelKey(format))}
        </Button>
      ))}
    </Stack>
  );
}
