import {
  AHV_MESSAGE,
  AXIS_MESSAGE,
  basicInformationSchema,
  EMAIL,
  NOTES_MAX,
  PHONE_MESSAGE,
  POSITIVE,
  REQUIRED,
  visionSchema,
} from '@dosedot/domain/health';
import { describe, expect, it } from 'vitest';
import common from '../../../i18n/en/common.json';
import healthData from '../../../i18n/en/health-data.json';
import { type Catalog, mergeCatalogs } from '../../../i18n/merge';
import { messageText } from './messages';

const catalog = mergeCatalogs({ common, healthData });
const english = (key: string, values: Record<string, string> = {}) => {
  let node: Catalog | string | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

describe('health-data messages', () => {
  it('read in English exactly as the spec writes them', () => {
    for (const message of [REQUIRED, POSITIVE, EMAIL, PHONE_MESSAGE, NOTES_MAX, AHV_MESSAGE, AXIS_MESSAGE]) {
      const { key, values } = messageText(message);
      expect(english(key, values)).toBe(message);
    }
  });

  it('carry the limits a message names', () => {
    expect(messageText('At most 100 characters')).toEqual({
      key: 'validation.tooLong',
      values: { max: '100' },
    });
    expect(messageText('Between -25 and 25')).toEqual({
      key: 'healthData.validation.between',
      values: { min: '-25', max: '25' },
    });
    expect(messageText('Invalid input: expected number, received NaN').key).toBe(
      'healthData.validation.invalid',
    );
  });

  it('cover every message the shared schemas give for a bad section', () => {
    const basic = basicInformationSchema.safeParse({
      date_of_birth: '',
      gender: null,
      ahv_number: '756.1234.5678.90',
    });
    const vision = visionSchema.safeParse({ right: { sphere: 0.3, cylinder: 20, axis: 200 } });
    const issues = [...(basic.error?.issues ?? []), ...(vision.error?.issues ?? [])];
    expect(issues.length).toBeGreaterThanOrEqual(5);
    for (const issue of issues) expect(messageText(issue.message).key, issue.message).not.toMatch(/invalid$/);
  });
});
