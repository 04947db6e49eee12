import { describe, expect, it } from 'vitest';
import { splitFullName } from './names';

describe('splitFullName', () => {
  it('takes the last word as the family name', () => {
    expect(splitFullName('Anna Maria  Muster')).toEqual({ givenname: 'Anna Maria', familyname: 'Muster' });
  });
  it('keeps a single word as the given name', () => {
    expect(splitFullName('  Cher ')).toEqual({ givenname: 'Cher', familyname: '' });
  });
  it('returns empty names for blank input', () => {
    expect(splitFullName('   ')).toEqual({ givenname: '', familyname: '' });
  });
});
