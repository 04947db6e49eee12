export { AHV_EXAMPLE, AHV_HINT, AHV_MESSAGE, ean13CheckDigit, formatAhv, isValidAhv } from './ahv';
export { ageOn, BMI_CATEGORIES, type BmiCategory, bmiCategory, bmiOf } from './measures';
export { isValidPhone, PHONE_MESSAGE } from './phone';
export * from './schemas';
