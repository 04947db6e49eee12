import type { StorageRange } from '@dosedot/domain/storage';

type T = (key: string, options?: Record<string, unknown>) => string;

const number = (v: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(v);

/** A storage range in words: "15–25 °C · at most 60 %", or the one limit it sets. */
export function formatStorageRange(r: StorageRange, lang: string, t: T): string {
  const parts: string[] = [];
  const min = r.storage_temp_min;
  const max = r.storage_temp_max;
  if (min !== null && max !== null) parts.push(`${number(min, lang)}–${number(max, lang)}\u00a0°C`);
  else if (min !== null)
    parts.push(t('dashboard.storage.atLeast', { value: `${number(min, lang)}\u00a0°C` }));
  else if (max !== null) parts.push(t('dashboard.storage.atMost', { value: `${number(max, lang)}\u00a0°C` }));
  if (r.storage_humidity_max !== null)
    parts.push(t('dashboard.storage.atMost', { value: `${number(r.storage_humidity_max, lang)}\u00a0%` }));
  return parts.join(' · ');
}

/** Minutes as hours and minutes in the page language ("1 hr, 30 min", "1 Std., 30 Min."). */
export function formatDuration(minutes: number, lang: string): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (value: number, u: 'hour' | 'minute') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  if (h === 0) return unit(m, 'minute');
  if (m === 0) return unit(h, 'hour');
  return `${unit(h, 'hour')} ${unit(m, 'minute')}`;
}
