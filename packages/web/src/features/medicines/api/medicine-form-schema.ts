import type { Medicine, MedicineInput } from '@dosedot/domain';
import { STOCK_LIMITS } from '@dosedot/domain';
import { GALENIC_FORMS } from '@dosedot/domain/schedule';
import { STORAGE_LIMITS } from '@dosedot/domain/storage';
import * as z from 'zod/mini';
import { requiredText } from '../../../lib/form-schemas';
import { shortTime } from '../../../lib/format';
import { splitStrength } from '../utils/strength';

/*
 * The medicine form (add dialog, add page and edit page). Messages are catalog keys; the server
 * checks everything again with the full contract and its field errors show on the same fields.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const AMOUNT = /^\d+([.,]\d+)?$/;
const DEGREES = /^-?\d+([.,]\d+)?$/;

/** A storage limit as typed ('2', '-5', '7,5'); empty is no limit, null is not a number. */
export function limitOf(text: string): number | null | undefined {
  const v = text.trim();
  if (v === '') return undefined;
  return DEGREES.test(v) ? Number(v.replace(',', '.')) : null;
}
const inRange = (text: string, min: number, max: number) => {
  const v = limitOf(text);
  return v === undefined || (v !== null && v >= min && v <= max);
};
const temperature = z
  .string()
  .check(
    z.refine(
      (v) => inRange(v, STORAGE_LIMITS.tempMin, STORAGE_LIMITS.tempMax),
      'medicines.form.storageTempInvalid',
    ),
  );

/** A stock or an amount per intake as typed ('30', '0,5'); empty is none, null is not a number. */
const units = (max: number, min: number, message: string) =>
  z.string().check(
    z.refine((v) => {
      const n = limitOf(v);
      return n === undefined || (n !== null && n >= min && n <= max);
    }, message),
  );

export const medicineFormSchema = z
  .object({
    name: requiredText(200),
    type: z.enum(['1', '2']),
    description: z.string().check(z.maxLength(2000, { message: 'validation.tooLong' })),
    amount: z.string().check(
      z.trim(),
      z.refine((v) => v === '' || AMOUNT.test(v), 'medicines.form.amountInvalid'),
    ),
    unit: z.string(),
    galenic_form: z.union([z.literal(''), z.enum(GALENIC_FORMS)]),
    start_date: z.string().check(z.regex(DATE, { message: 'medicines.form.dateInvalid' })),
    end_date: z.string().check(z.refine((v) => v === '' || DATE.test(v), 'medicines.form.dateInvalid')),
    storage_temp_min: temperature,
    storage_temp_max: temperature,
    storage_humidity_max: z
      .string()
      .check(
        z.refine(
          (v) => inRange(v, STORAGE_LIMITS.humidityMin, STORAGE_LIMITS.humidityMax),
          'medicines.form.storageHumidityInvalid',
        ),
      ),
    stock: units(STOCK_LIMITS.stock, 0, 'medicines.form.stockInvalid'),
    per_intake: units(STOCK_LIMITS.perIntake, 0.01, 'medicines.form.perIntakeInvalid'),
    dosage_times: z.array(z.object({ time: z.string() })),
  })
  .check(
    // Only a scheduled medicine has dosage times: an as-needed one keeps its hidden rows unchecked.
    z.superRefine(
      (v, ctx) => {
        if (v.type !== '1') return;
        v.dosage_times.forEach(({ time }, i) => {
          const path = ['dosage_times', i, 'time'];
          if (!TIME.test(time)) ctx.addIssue({ code: 'custom', message: 'medicines.form.timeInvalid', path });
          else if (v.dosage_times.findIndex((t) => t.time === time) < i)
            ctx.addIssue({ code: 'custom', message: 'medicines.form.duplicateTime', path });
        });
      },
      {
        when: (p) => {
          const v = p.value as { type?: unknown; dosage_times?: unknown };
          return (
            typeof v.type === 'string' &&
            Array.isArray(v.dosage_times) &&
            v.dosage_times.every((t) => typeof t?.time === 'string')
          );
        },
      },
    ),
    z.refine((v) => v.end_date === '' || v.start_date <= v.end_date, {
      message: 'medicines.form.startAfterEnd',
      path: ['end_date'],
      when: (p) => {
        const v = p.value as { start_date?: unknown; end_date?: unknown };
        return typeof v.start_date === 'string' && typeof v.end_date === 'string';
      },
    }),
    z.refine(
      (v) => {
        const min = limitOf(v.storage_temp_min);
        const max = limitOf(v.storage_temp_max);
        return typeof min !== 'number' || typeof max !== 'number' || min < max;
      },
      {
        message: 'medicines.form.storageOrder',
        path: ['storage_temp_max'],
        when: (p) => {
          const v = p.value as { storage_temp_min?: unknown; storage_temp_max?: unknown };
          return typeof v.storage_temp_min === 'string' && typeof v.storage_temp_max === 'string';
        },
      },
    ),
  );
export type MedicineFormValues = z.infer<typeof medicineFormSchema>;

const limitText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function formValuesOf(medicine: Medicine | undefined, today: string): MedicineFormValues {
  const form = medicine?.galenic_form?.toLowerCase() ?? '';
  return {
    name: medicine?.name ?? '',
    type: medicine?.type === 2 ? '2' : '1',
    description: medicine?.description ?? '',
    ...splitStrength(medicine?.strength ?? null),
    galenic_form: (GALENIC_FORMS as readonly string[]).includes(form)
      ? (form as MedicineFormValues['galenic_form'])
      : '',
    start_date: medicine?.start_date ?? today,
    end_date: medicine?.end_date ?? '',
    storage_temp_min: limitText(medicine?.storage_temp_min),
    storage_temp_max: limitText(medicine?.storage_temp_max),
    storage_humidity_max: limitText(medicine?.storage_humidity_max),
    stock: limitText(medicine?.stock),
    per_intake: limitText(medicine?.per_intake),
    dosage_times: (medicine?.dosage_times ?? []).map((t) => ({ time: shortTime(t) })),
  };
}

/** The API's medicine fields of the form values (dosage times 'HH:MM', none for an as-needed one). */
export function medicineInputOf(v: MedicineFormValues): MedicineInput {
  const amount = v.amount.trim();
  return {
    name: v.name.trim(),
    type: v.type === '2' ? 2 : 1,
    description: v.description.trim() || null,
    strength: amount ? [amount, v.unit].filter(Boolean).join(' ') : null,
    galenic_form: v.galenic_form || null,
    start_date: v.start_date,
    end_date: v.end_date || null,
    dosage_times: v.type === '2' ? [] : [...new Set(v.dosage_times.map((d) => d.time))].sort(),
    storage_temp_min: limitOf(v.storage_temp_min) ?? null,
    storage_temp_max: limitOf(v.storage_temp_max) ?? null,
    storage_humidity_max: limitOf(v.storage_humidity_max) ?? null,
    stock: limitOf(v.stock) ?? null,
    per_intake: limitOf(v.per_intake) ?? null,
  };
}

/** Server field names (last part of the error's path) that the form shows on its own fields. */
export const FORM_FIELDS = [
  'name',
  'type',
  'description',
  'galenic_form',
  'start_date',
  'end_date',
  'storage_temp_min',
  'storage_temp_max',
  'storage_humidity_max',
  'stock',
  'per_intake',
] as const;
