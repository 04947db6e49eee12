import { describe, expect, it } from 'vitest';
import { GALENIC_FORMS, isGalenicForm } from './galenic-forms';

describe('galenic forms', () => {
  it('lists the ten forms', () => {
    expect(GALENIC_FORMS).toEqual([
      'tablet',
      'capsule',
      'drops',
      'syrup',
      'injection',
      'inhaler',
      'patch',
      'cream',
      'suppository',
      'other',
    ]);
    expect(isGalenicForm('drops')).toBe(true);
    expect(isGalenicForm('powder')).toBe(false);
    expect(isGalenicForm(3)).toBe(false);
  });
});
