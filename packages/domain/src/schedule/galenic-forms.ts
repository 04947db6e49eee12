/** The galenic (pharmaceutical) forms a medicine can take, in the order the product lists them. */
export const GALENIC_FORMS = [
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
] as const;

export type GalenicForm = (typeof GALENIC_FORMS)[number];

export const isGalenicForm = (value: unknown): value is GalenicForm =>
  typeof value === 'string' && (GALENIC_FORMS as readonly string[]).includes(value);
