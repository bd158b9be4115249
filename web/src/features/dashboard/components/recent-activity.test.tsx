import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { signedInSession } from '../../../testing/session';
import type { ActivityEntry } from '../api/get-recent-activity';
import { RecentActivity } from './recent-activity';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const ORG = 'org-1';
const FSI = '\u2068';
const PDI = '\u2069';

/** One record as GET …/audit-logs/recent answers it. */
const entry = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'id' | 'action' | 'summary' | 'narrative'>): ActivityEntry => ({
  organization_id: ORG,
  user_id: 'u1',
  user_email: 'huda@example.jo',
  api_key_id: null,
  entity_type: fields.action.split('.')[0]!,
  entity_id: null,
  changes: null,
  ip_address: '203.0.113.9',
  user_agent: null,
  created_at: '2025-03-02T09:30:00Z',
  ...fields,
});

const activity = [
  entry({
    id: 'a2',
    action: 'api_key.created',
    summary: 'API key "POS bridge" (dft_abc123, member) created',
    narrative: { key: 'audit.api_key.created', params: { name: 'POS bridge', prefix: 'dft_abc123', role: 'member' } },
  }),
  entry({
    id: 'a1',
    action: 'member.added',
    summary: 'rami@example.jo added as admin',
    narrative: { key: 'audit.member.added', params: { email: 'rami@example.jo', role: 'admin' } },
  }),
  // Written before narratives existed: only its English sentence.
  entry({ id: 'a0', action: 'items.post', summary: 'POST /api/v1/organizations/{organization_id}/items', narrative: null }),
];

function renderActivity() {
  mockFetch({
    ...signedInSession({ organizationId: ORG, role: 'owner', user: { email: 'huda@example.jo', full_name: 'Huda Khatib' } }),
    [`GET /api/v1/organizations/${ORG}/audit-logs/recent`]: () => ({ json: { data: activity, count: activity.length } }),
  });
  renderRoutes([{ path: '/', element: <RecentActivity organizationId={ORG} /> }], '/');
}

const sentences = async () => {
  const items = await screen.findAllByRole('listitem');
  // Each entry's first line is its sentence; the second names the action, who and when.
  return items.map((li) => li.querySelector('bdi')!.textContent);
};

describe('recent activity', { timeout: 30_000 }, () => {
  it('shows what happened in Arabic to an Arabic reader, and the English summary of a record without a narrative', async () => {
    await changeLanguage('ar');
    renderActivity();
    expect(await sentences()).toEqual([
      `أُنشئ مفتاح API «${FSI}POS bridge${PDI}» (${FSI}dft_abc123${PDI}، عضو)`,
      `أُضيف ${FSI}rami@example.jo${PDI} بدور مسؤول`,
      'POST /api/v1/organizations/{organization_id}/items',
    ]);
  });

  it('shows the same records in English to an English reader', async () => {
    renderActivity();
    expect(await sentences()).toEqual([
      'API key "POS bridge" (dft_abc123, member) created',
      'rami@example.jo added as admin',
      'POST /api/v1/organizations/{organization_id}/items',
    ]);
  });
});
