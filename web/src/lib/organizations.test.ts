import { describe, expect, it } from 'vitest';
import { resolveCurrentOrganization } from './organizations';

const list = [{ id: 'a' }, { id: 'b' }];

describe('current organization (SPEC §4)', () => {
  it('is the stored one when it is still in the list', () => {
    expect(resolveCurrentOrganization(list, 'b')?.id).toBe('b');
  });
  it('is the first one otherwise', () => {
    expect(resolveCurrentOrganization(list, 'gone')?.id).toBe('a');
    expect(resolveCurrentOrganization(list, null)?.id).toBe('a');
  });
  it('is none without organizations', () => {
    expect(resolveCurrentOrganization([], 'a')).toBeNull();
  });
});
