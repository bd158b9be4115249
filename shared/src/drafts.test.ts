import { describe, expect, it } from 'vitest';
import { canDeleteDraft } from './drafts.js';

describe('canDeleteDraft', () => {
  it('lets a member delete only the draft they created', () => {
    expect(canDeleteDraft({ role: 'member', userId: 'u1', createdBy: 'u1' })).toBe(true);
    expect(canDeleteDraft({ role: 'member', userId: 'u1', createdBy: 'u2' })).toBe(false);
  });

  it('lets an admin or the owner delete any draft, even one that names no creator', () => {
    for (const role of ['admin', 'owner'] as const) {
      expect(canDeleteDraft({ role, userId: 'u1', createdBy: 'u2' })).toBe(true);
      expect(canDeleteDraft({ role, userId: 'u1', createdBy: null })).toBe(true);
    }
  });

  it('refuses a member a draft without a creator, even before the user is known', () => {
    expect(canDeleteDraft({ role: 'member', userId: undefined, createdBy: undefined })).toBe(false);
    expect(canDeleteDraft({ role: 'member', userId: null, createdBy: null })).toBe(false);
  });

  it('refuses a viewer their own draft, and someone with no role', () => {
    expect(canDeleteDraft({ role: 'viewer', userId: 'u1', createdBy: 'u1' })).toBe(false);
    expect(canDeleteDraft({ role: null, userId: 'u1', createdBy: 'u1' })).toBe(false);
  });
});
