import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { MedicineFormValues } from '../api/medicine-form-schema';
import { showServerErrors } from './server-errors';

const refusal = (path: (string | number)[], message: string) =>
  new ApiError(400, 'ValidationError', message, [{ path, message, name: 'ValidationError' }]);

describe("the server's field errors on the medicine form", () => {
  it('shows each on its field, the strength on the amount in the page language', () => {
    const setError = vi.fn();
    const form = { setError } as unknown as UseFormReturn<MedicineFormValues>;
    expect(showServerErrors(form, refusal(['data', 'strength'], 'Enter an amount'))).toBe(true);
    expect(setError).toHaveBeenLastCalledWith(
      'amount',
      { message: 'medicines.form.amountInvalid' },
      { shouldFocus: true },
    );
    expect(showServerErrors(form, refusal(['data', 'dosage_times', 1], 'Invalid time'))).toBe(true);
    expect(setError).toHaveBeenLastCalledWith(
      'dosage_times.1.time',
      { message: 'Invalid time' },
      { shouldFocus: true },
    );
    expect(showServerErrors(form, refusal(['data', 'colour'], 'Unknown field: colour'))).toBe(false);
  });
});
