import { describe, expect, it } from 'vitest';
import { reminderFormSchema, reminderFormValuesOf, reminderSettingsOf } from './reminder-form';

const saved = {
  email: false,
  push: false,
  quietFrom: null,
  quietTo: null,
  missedAfterMinutes: 60,
  caregiverDelayMinutes: 30,
  refillDays: 7,
};

describe('the reminders form', () => {
  it('takes the saved settings and gives them back with what changed, keeping the caregivers’ delay', () => {
    const values = reminderFormValuesOf(saved);
    expect(values).toEqual({
      email: false,
      push: false,
      quietFrom: '',
      quietTo: '',
      missedAfterMinutes: 60,
      refillDays: 7,
    });
    expect(
      reminderSettingsOf(saved, {
        ...values,
        email: true,
        push: true,
        quietFrom: '22:00',
        quietTo: '07:00',
        missedAfterMinutes: 30,
        refillDays: 14,
      }),
    ).toEqual({
      email: true,
      push: true,
      quietFrom: '22:00',
      quietTo: '07:00',
      missedAfterMinutes: 30,
      caregiverDelayMinutes: 30,
      refillDays: 14,
    });
  });

  it('asks for both ends of the quiet hours, or neither, naming the second field', () => {
    const r = reminderFormSchema.safeParse({
      email: true,
      push: false,
      quietFrom: '22:00',
      quietTo: '',
      missedAfterMinutes: 60,
      refillDays: 7,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['quietTo', 'profile.reminders.quietBoth'],
    ]);
    expect(
      reminderFormSchema.safeParse({
        email: true,
        push: false,
        quietFrom: '',
        quietTo: '',
        missedAfterMinutes: 60,
        refillDays: 7,
      }).success,
    ).toBe(true);
    const bad = reminderFormSchema.safeParse({
      email: true,
      push: false,
      quietFrom: '24:00',
      quietTo: '07:00',
      missedAfterMinutes: 60,
      refillDays: 7,
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toContain('quietFrom');
  });
});
