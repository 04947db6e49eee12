import { describe, expect, it } from 'vitest';
import { splitStrength } from '../utils/strength';
import { formValuesOf, medicineFormSchema, medicineInputOf } from './medicine-form-schema';

const valid = {
  name: 'Metformin',
  type: '1' as const,
  description: '',
  amount: '500',
  unit: 'mg',
  galenic_form: 'tablet' as const,
  start_date: '2026-05-01',
  end_date: '',
  dosage_times: [{ time: '08:00' }, { time: '19:00' }],
  storage_temp_min: '',
  storage_temp_max: '',
  storage_humidity_max: '',
  stock: '',
  per_intake: '',
};
const issues = (value: unknown) =>
  (medicineFormSchema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the medicine form', () => {
  it('accepts a medicine and sends it in the API form', () => {
    expect(issues(valid)).toEqual([]);
    expect(medicineInputOf(valid)).toEqual({
      name: 'Metformin',
      type: 1,
      description: null,
      strength: '500 mg',
      galenic_form: 'tablet',
      start_date: '2026-05-01',
      end_date: null,
      dosage_times: ['08:00', '19:00'],
      storage_temp_min: null,
      storage_temp_max: null,
      storage_humidity_max: null,
      stock: null,
      per_intake: null,
    });
  });

  it("shows the spec's message on the end date when the start is after it, whatever else is wrong", () => {
    expect(issues({ ...valid, name: '', end_date: '2026-04-30' })).toEqual([
      ['name', 'validation.required'],
      ['end_date', 'medicines.form.startAfterEnd'],
    ]);
    expect(issues({ ...valid, end_date: '2026-05-01' })).toEqual([]);
  });

  it('refuses a dosage time twice and a strength that is no number', () => {
    expect(issues({ ...valid, dosage_times: [{ time: '08:00' }, { time: '08:00' }] })).toEqual([
      ['dosage_times.1.time', 'medicines.form.duplicateTime'],
    ]);
    expect(issues({ ...valid, amount: 'lots' })).toEqual([['amount', 'medicines.form.amountInvalid']]);
  });

  it('keeps no dosage time for a medicine taken as needed, and does not check its hidden empty one', () => {
    expect(medicineInputOf({ ...valid, type: '2' }).dosage_times).toEqual([]);
    const asNeeded = { ...valid, type: '2' as const, dosage_times: [{ time: '' }] };
    expect(issues(asNeeded)).toEqual([]);
    expect(issues({ ...asNeeded, type: '1' })).toEqual([
      ['dosage_times.0.time', 'medicines.form.timeInvalid'],
    ]);
    expect(issues({ ...asNeeded, type: '1', name: '' })).toEqual([
      ['name', 'validation.required'],
      ['dosage_times.0.time', 'medicines.form.timeInvalid'],
    ]);
  });

  it('sends an amount without a unit as it is, and reads it back without a unit', () => {
    expect(medicineInputOf({ ...valid, amount: '500', unit: '' }).strength).toBe('500');
    expect(splitStrength('500')).toEqual({ amount: '500', unit: '' });
    expect(splitStrength('2,5')).toEqual({ amount: '2,5', unit: '' });
    expect(splitStrength('500 mg')).toEqual({ amount: '500', unit: 'mg' });
    expect(splitStrength('10%')).toEqual({ amount: '10', unit: '%' });
  });

  it('reads a stored medicine back into the form', () => {
    expect(splitStrength('2.5 ml')).toEqual({ amount: '2.5', unit: 'ml' });
    expect(splitStrength('one spoon')).toEqual({ amount: 'one spoon', unit: '' });
    const values = formValuesOf(
      {
        id: 1,
        name: 'Ramipril',
        type: 1,
        description: null,
        strength: '5 mg',
        galenic_form: 'Tablet',
        start_date: '2026-01-01',
        end_date: null,
        dosage_times: ['08:00:00.000'],
        storage_temp_min: 2,
        storage_temp_max: 8,
        storage_humidity_max: null,
        stock: 30,
        stock_at: '2026-05-01T08:00:00.000Z',
        per_intake: 1,
        posology: null,
        identifier: null,
        note: null,
        schedules: [],
        createdAt: '',
        updatedAt: '',
      },
      '2026-11-23',
    );
    expect(values).toMatchObject({
      amount: '5',
      unit: 'mg',
      galenic_form: 'tablet',
      dosage_times: [{ time: '08:00' }],
      storage_temp_min: '2',
      storage_temp_max: '8',
      storage_humidity_max: '',
    });
  });

  it('reads the storage range as numbers (a comma too), none when empty, and checks it', () => {
    const input = medicineInputOf({
      ...valid,
      storage_temp_min: ' -2,5 ',
      storage_temp_max: '8',
      storage_humidity_max: '',
    });
    expect(input).toMatchObject({ storage_temp_min: -2.5, storage_temp_max: 8, storage_humidity_max: null });
    expect(issues({ ...valid, storage_temp_min: 'cold' })).toEqual([
      ['storage_temp_min', 'medicines.form.storageTempInvalid'],
    ]);
    expect(issues({ ...valid, storage_temp_max: '90' })).toEqual([
      ['storage_temp_max', 'medicines.form.storageTempInvalid'],
    ]);
    expect(issues({ ...valid, storage_humidity_max: '0' })).toEqual([
      ['storage_humidity_max', 'medicines.form.storageHumidityInvalid'],
    ]);
    expect(issues({ ...valid, storage_temp_min: '25', storage_temp_max: '15' })).toEqual([
      ['storage_temp_max', 'medicines.form.storageOrder'],
    ]);
    expect(
      issues({ ...valid, storage_temp_min: '15', storage_temp_max: '25', storage_humidity_max: '60' }),
    ).toEqual([]);
  });

  it('reads the stock and the amount per intake as numbers, none when empty, and names a wrong one', () => {
    expect(medicineInputOf({ ...valid, stock: '30', per_intake: '0,5' })).toMatchObject({
      stock: 30,
      per_intake: 0.5,
    });
    expect(issues({ ...valid, stock: '-1' })).toEqual([['stock', 'medicines.form.stockInvalid']]);
    expect(issues({ ...valid, stock: 'many' })).toEqual([['stock', 'medicines.form.stockInvalid']]);
    expect(issues({ ...valid, per_intake: '0' })).toEqual([
      ['per_intake', 'medicines.form.perIntakeInvalid'],
    ]);
  });
});
