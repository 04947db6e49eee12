import { OIDC_ERROR_CODES, SIGN_IN_FAILURE_REASONS, SIGN_IN_METHOD_FILTERS } from '@dosedot/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import deAudit from '../../../i18n/de/admin-audit.json';
import deSecurity from '../../../i18n/de/security.json';
import enAudit from '../../../i18n/en/admin-audit.json';
import enSecurity from '../../../i18n/en/security.json';
import frAudit from '../../../i18n/fr/admin-audit.json';
import frSecurity from '../../../i18n/fr/security.json';
import { type Catalog, mergeCatalogs } from '../../../i18n/merge';
import { reasonText } from './sign-in-reason';

const catalogs = {
  en: mergeCatalogs({ enSecurity, enAudit }),
  de: mergeCatalogs({ deSecurity, deAudit }),
  fr: mergeCatalogs({ frSecurity, frAudit }),
};

const lookup = (catalog: Catalog, key: string) => {
  let node: Catalog | string | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
};

/** A t() over one language's catalog that fails the test on a missing key. */
const tIn = (catalog: Catalog) =>
  ((key: string, values: Record<string, string> = {}) => {
    const text = lookup(catalog, key);
    if (typeof text !== 'string') throw new Error(`no text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  }) as unknown as TFunction;

describe.each(Object.entries(catalogs))('sign-in failures in words (%s)', (_lang, catalog) => {
  const t = tIn(catalog);

  it('has a text for every reason a password or second-step sign-in is refused with', () => {
    for (const reason of SIGN_IN_FAILURE_REASONS) {
      const text = reasonText(t, 'password', reason);
      expect(text, reason).not.toBe(t('security.signIns.reason.other', { reason }));
      expect(text.length, reason).toBeGreaterThan(3);
    }
  });

  it('has a text for every code a sign-in provider’s refusal is written with', () => {
    const texts = new Set<string>();
    for (const code of OIDC_ERROR_CODES) {
      const text = reasonText(t, 'oidc:spital', code);
      expect(text, code).not.toBe(t('security.signIns.reason.other', { reason: code }));
      texts.add(text);
    }
    // Each code has its own words ('blocked' may read as the password's blocked account).
    expect(texts.size).toBe(OIDC_ERROR_CODES.length);
  });

  it('reads a wrong code at the second step of a provider sign-in as a wrong code, not the provider’s', () => {
    expect(reasonText(t, 'oidc:spital+totp', 'code')).toBe(reasonText(t, 'password', 'code'));
    expect(reasonText(t, 'oidc:spital', 'code')).not.toBe(reasonText(t, 'password', 'code'));
  });

  it('shows a code it does not know as it is, and names every method of the filter', () => {
    expect(reasonText(t, 'password', 'solar_flare')).toContain('solar_flare');
    for (const method of SIGN_IN_METHOD_FILTERS)
      expect(typeof lookup(catalog, `security.signIns.methodOption.${method}`), method).toBe('string');
  });
});
