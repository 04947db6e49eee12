import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageToolbar } from '../../../components/page-toolbar';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useAddressState } from '../../../hooks/use-address-state';
import { failureKey } from '../../../lib/api-client';
import { stripLocale } from '../../../lib/locale';
import { notify } from '../../../lib/toast';
import { useExportDevices } from '../api/export-devices';
import { type Device, useDevices } from '../api/get-devices';
import { useUnassignSensor } from '../api/unassign-sensor';
import { AssignDialog } from '../components/assign-dialog';
import { BulkImportButton } from '../components/bulk-import-dialog';
import type { DeviceAction } from '../components/device-actions';
import { DeviceCards } from '../components/device-cards';
import { DeviceFilters } from '../components/device-filters';
import { DeviceTable } from '../components/device-table';
import { DevicesShell } from '../components/devices-shell';
import { FleetSummary } from '../components/fleet-summary';
import {
  type DeviceListParams,
  isFiltered,
  PAGE_SIZES,
  readListParams,
  writeListParams,
} from '../utils/list-params';

// The QR library loads with the dialog, only when an admin opens one.
const QrDialog = lazy(() => import('../components/qr-dialog').then((m) => ({ default: m.QrDialog })));

/**
 * /devices (a table) and /devices/index2 (cards): the boxes with battery, last report, mode, holder
 * and service hints; search, filters, sort, the fleet summary and a CSV export of the filtered
 * list; assign a free box, unbind a held one after a confirmation, show its QR code. The search,
 * filters, order, page and page size live in the address (utils/list-params.ts).
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const cards = stripLocale(useLocation().pathname).path === paths.devicesIndex2;
  const [params, change] = useAddressState(readListParams, writeListParams);
  const devices = useDevices(params);
  const exporter = useExportDevices();
  const [action, setAction] = useState<{ kind: DeviceAction; device: Device } | null>(null);
  const unassign = useUnassignSensor();
  const now = devices.dataUpdatedAt || Date.now();
  /** A new search, filter or order starts at page 1; a page change keeps them (each a history entry). */
  const update = (patch: Partial<DeviceListParams>, opts: { replace?: boolean } = {}) =>
    change((current) => ({ ...current, page: 1, ...patch }), opts);
  const goTo = (next: { page: number; size?: number }) =>
    update({ page: next.page, pageSize: next.size ?? params.pageSize });

  // A page past the end (?page=99 of 3, or after a filter) shows the last page instead.
  const pageCount = devices.data?.meta.pagination.pageCount ?? 0;
  const beyond = !devices.isPlaceholderData && pageCount > 0 && params.page > pageCount;
  useEffect(() => {
    if (beyond) change((current) => ({ ...current, page: pageCount }), { replace: true });
  }, [beyond, pageCount, change]);

  const onExport = () =>
    exporter.mutate(params, {
      onError: (error) => notify.error(`${t('devices.fleet.export.failed')} ${t(failureKey(error))}`),
    });

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
  const filtered = isFiltered(params);

  return (
    <DevicesShell description={description}>
      <BulkImportButton />
      {meta ? <FleetSummary counts={meta} /> : null}
      <PageToolbar
        label={t('devices.fleet.filters.label')}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={onExport}
            disabled={exporter.isPending || meta?.total === 0}
          >
            {exporter.isPending ? t('devices.fleet.export.busy') : t('devices.fleet.export.button')}
          </Button>
        }
      >
        <DeviceFilters params={params} withSort={cards} onChange={(patch) => update(patch)} />
      </PageToolbar>
      <QueryState query={devices} loading={<LoadingSkeleton variant={cards ? 'card' : 'table'} rows={5} />}>
        {(list) => {
          const total = list.meta.pagination.total;
          if (total === 0 && filtered)
            return (
              <EmptyState
                title={t('devices.fleet.empty.title')}
                icon={<SearchOff />}
                action={
                  <Button
                    variant="outlined"
                    onClick={() => change(() => readListParams(new URLSearchParams()))}
                  >
                    {t('devices.fleet.empty.clear')}
                  </Button>
                }
              >
                {t('devices.fleet.empty.text')}
              </EmptyState>
            );
          if (total === 0)
            return (
              <EmptyState title={t('devices.empty.title')} icon={<SensorsOutlined />}>
                {t('devices.empty.text')}
              </EmptyState>
            );
          const view = { devices: list.data, now, onAction };
          const lastPage = Math.max(1, list.meta.pagination.pageCount);
          const pagination = (
            <TablePagination
              component="div"
              count={total}
              page={Math.min(params.page, lastPage) - 1}
              rowsPerPage={params.pageSize}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onPageChange={(_e, p) => goTo({ page: p + 1 })}
              onRowsPerPageChange={(e) => goTo({ page: 1, size: Number(e.target.value) })}
              labelRowsPerPage={t('devices.pagination.perPage')}
              labelDisplayedRows={({ from, to, count }) => t('devices.pagination.shown', { from, to, count })}
              getItemAriaLabel={(type) => t(`devices.pagination.${type}`)}
              // Phones keep the page count and arrows; the page size is a desktop choice.
              sx={{
                '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 }, flexWrap: 'wrap' },
                '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
                  display: { xs: 'none', sm: 'flex' },
                },
                '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
              }}
            />
          );
          if (list.data.length === 0) return <LoadingSkeleton variant={cards ? 'card' : 'table'} rows={3} />;
          return cards ? (
            <>
              <DeviceCards {...view} />
              <Paper variant="outlined" sx={{ mt: 2 }}>
                {pagination}
              </Paper>
            </>
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <DeviceTable {...view} sort={params.sort} onSort={(sort) => update({ sort })} />
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
