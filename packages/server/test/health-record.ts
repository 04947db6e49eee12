/** A health record with every section filled, as a patient would save it (the health-data tests). */
export const FULL_RECORD = {
  'basic-information': {
    date_of_birth: '1958-04-12',
    gender: 'female',
    blood_type: 'A+',
    nationality: 'Swiss',
    ahv_number: '756.9217.0769.85',
    rega_member: true,
  },
  'physical-measurements': { height_cm: 165, weight_kg: 68 },
  vision: {
    needs_glasses: true,
    glasses_type: 'progressive',
    right: { sphere: -1.25, cylinder: -0.5, axis: 90 },
    left: { sphere: -1, cylinder: 0, axis: 0 },
  },
  'medical-information': {
    allergies: ['Penicillin', 'Pollen'],
    chronic_conditions: ['Hypothyroidism'],
    notes: 'Takes levothyroxine before breakfast.',
  },
  'emergency-contact': {
    contact_name: 'Urs Keller',
    relationship: 'Husband',
    phone: '+41 79 123 45 67',
    email: 'urs@example.ch',
  },
  'additional-information': { smoking: 'former_smoker', alcohol: 'occasional', organ_donor: true },
};
