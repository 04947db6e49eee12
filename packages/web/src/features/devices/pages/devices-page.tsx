import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { failureKey } from '../../../lib/api-client';
import { stripLocale } from '../../../lib/locale';
import { notify } from '../../../lib/toast';
import { type Device, useDevices } from '../api/get-devices';
import { useUnassignSensor } from '../api/unassign-sensor';
import { AssignDialog } from '../components/assign-dialog';
import type { DeviceAction } from '../components/device-actions';
import { DeviceCards } from '../components/device-cards';
import { DeviceTable } from '../components/device-table';
import { DevicesShell } from '../components/devices-shell';

// The QR library loads with the dialog, only when an admin opens one.
const QrDialog = lazy(() => import('../components/qr-dialog').then((m) => ({ default: m.QrDialog })));

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * /devices (a table) and /devices/index2 (cards): the boxes with battery, last report, mode, holder
 * and service hints; assign a free box, unbind a held one after a confirmation, show its QR code.
 * The page and its size live in the address (?page, ?size).
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const cards = stripLocale(useLocation().pathname).path === paths.devicesIndex2;
  const [params, setParams] = useSearchParams();
  const pageSize = PAGE_SIZES.find((s) => String(s) === params.get('size')) ?? 25;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const devices = useDevices({ page, pageSize });
  const [action, setAction] = useState<{ kind: DeviceAction; device: Device } | null>(null);
  const unassign = useUnassignSensor();
  const now = devices.dataUpdatedAt || Date.now();
  const goTo = (next: { page?: number; size?: number }) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next.size) p.set('size', String(next.size));
        p.set('page', String(next.page ?? 1));
        return p;
      },
      { replace: true },
    );

  const onAction = (kind: DeviceAction, device: Device) => setAction({ kind, device });
  const close = () => setAction(null);
  const unbind = () => {
    if (action?.kind !== 'unbind') return;
    const deveui = action.device.attributes.deveui;
    unassign.mutate(deveui, {
      onSuccess: () => {
        close();
        notify.success(t('devices.toast.unbound', { deveui }));
      },
      onError: (error) => {
        close();
        notify.error(`${t('devices.toast.unbindFailed', { deveui })} ${t(failureKey(error))}`);
      },
    });
  };

  const meta = devices.data?.meta;
  const description = meta
    ? t('devices.summary', {
        count: meta.total,
        unassigned: meta.unassigned,
        now: meta.serviceNow,
        soon: meta.serviceSoon,
      })
    : undefined;

  return (
    <DevicesShell description={description}>
      <QueryState query={devices} loading={<LoadingSkeleton variant={cards ? 'card' : 'table'} rows={5} />}>
        {(list) => {
          if (list.meta.pagination.total === 0)
            return (
              <EmptyState title={t('devices.empty.title')} icon={<SensorsOutlined />}>
                {t('devices.empty.text')}
              </EmptyState>
            );
          const view = { devices: list.data, now, onAction };
          const pagination = (
            <TablePagination
              component="div"
              count={list.meta.pagination.total}
              page={Math.min(page, Math.max(1, list.meta.pagination.pageCount)) - 1}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_e, p) => goTo({ page: p + 1, size: pageSize })}
              onRowsPerPageChange={(e) => goTo({ page: 1, size: Number(e.target.value) })}
              labelRowsPerPage={t('devices.pagination.perPage')}
              labelDisplayedRows={({ from, to, count }) => t('devices.pagination.shown', { from, to, count })}
              getItemAriaLabel={(type) => t(`devices.pagination.${type}`)}
              // Phones keep the page count and arrows; the page size is a desktop choice.
              sx={{
                '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } },
                '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
                  display: { xs: 'none', sm: 'flex' },
                },
              }}
            />
          );
          if (list.data.length === 0)
            return (
              <EmptyState title={t('devices.empty.pageTitle')} action={pagination}>
                {t('devices.empty.pageText')}
              </EmptyState>
            );
          return cards ? (
            <>
              <DeviceCards {...view} />
              <Paper variant="outlined" sx={{ mt: 2 }}>
                {pagination}
              </Paper>
            </>
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <DeviceTable {...view} />
              {pagination}
            </Paper>
          );
        }}
      </QueryState>
      <AssignDialog device={action?.kind === 'assign' ? action.device : null} onClose={close} />
      <ConfirmDialog
        open={action?.kind === 'unbind'}
        title={t('devices.unbind.title', { deveui: action?.device.attributes.deveui ?? '' })}
        question={t('devices.unbind.question')}
        cancelLabel={t('devices.unbind.cancel')}
        confirmLabel={t('devices.unbind.confirm')}
        busy={unassign.isPending}
        onCancel={close}
        onConfirm={unbind}
      />
      {action?.kind === 'qr' ? (
        <Suspense fallback={null}>
          <QrDialog device={action.device} onClose={close} />
        </Suspense>
      ) : null}
    </DevicesShell>
  );
}
