import { describe, expect, it } from 'vitest';
import { medicineInputSchema } from './medicine';

const base = { name: 'Insulin', start_date: '2026-01-01' };

describe('a medicine storage range (issue 21)', () => {
  it('keeps limits to one decimal, so a `real` column on PostgreSQL can hold them', () => {
    const parsed = medicineInputSchema.parse({
      ...base,
      storage_temp_min: 3.6e-130,
      storage_temp_max: 7.94,
      storage_humidity_max: 59.96,
    });
    expect([parsed.storage_temp_min, parsed.storage_temp_max, parsed.storage_humidity_max]).toEqual([
      0, 7.9, 60,
    ]);
    expect(
      Object.is(medicineInputSchema.parse({ ...base, storage_temp_min: -0.01 }).storage_temp_min, -0),
    ).toBe(false);
  });

  it('compares the limits as kept: 2.96 and 2.99 °C are one temperature', () => {
    const result = medicineInputSchema.safeParse({ ...base, storage_temp_min: 2.96, storage_temp_max: 2.99 });
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual([
      'storage_temp_max',
    ]);
  });
});
