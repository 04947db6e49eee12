/*
 * The product's constants without any dependency, so the web app can import them without
 * pulling the zod contract into its first page.
 */

/** Languages the product speaks; English is the default and the fallback. */
export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const ROLES = ['admin', 'basic'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
