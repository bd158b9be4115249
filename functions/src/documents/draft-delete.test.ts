/**
 * Who may delete a draft (issue 12; the rule: documents/draft-delete.ts), walked per route from the
 * route table: every DELETE of a whole document that has drafts. For each: another member's draft
 * is refused (403) and stays; the member who created it deletes it; an admin deletes anyone's; a
 * viewer deletes nothing. A line's DELETE is an edit of the draft, not walked here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { addMember, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { defaultAccountId, ensureChartOfAccounts } from '../ledger/chart.js';
import { ledgerAccounts } from '../ledger/test-helpers.js';
import { generateOpenApi } from '../meta/generate-openapi.js';
import { routeTable, splitRouteKey } from '../routes.js';

type Caller = 'member' | 'otherMember' | 'admin' | 'viewer';

interface Fixture {
  orgId: string;
  tokens: Record<Caller, string>;
  /** The user id of `member`, as drafts record it in `created_by`. */
  memberId: string;
  customerId: string;
  supplierId: string;
  cash: string;
  sales: string;
  rent: string;
  expenseCategoryId: string;
}

let seq = 0;

/**
 * How to make a draft of each collection whose documents have drafts, as `who`, through the API:
 * the id of the new draft. Keyed by the path segment before the document's id.
 */
const draftMakers: Record<string, (f: Fixture, who: Caller, path: string) => Promise<string>> = {
  invoices: (f, who, path) =>
    created(path, f, who, '/with-line-items', {
      contact_id: f.customerId,
      issue_date: '2025-06-15',
      lines: [{ description: 'Mineral water 330ml', quantity: '3', unit_price: '0.335' }],
    }),
  bills: (f, who, path) =>
    created(path, f, who, '/with-line-items', {
      contact_id: f.supplierId,
      issue_date: '2025-06-15',
      lines: [{ description: 'June rent', quantity: '1', unit_price: '500.000', account_id: f.rent }],
    }),
  'journal-entries': (f, who, path) =>
    created(path, f, who, '', {
      date: '2025-06-15',
      status: 'draft',
      memo: 'Cash sale',
      lines: [
        { account_id: f.cash, debit: '10.000' },
        { account_id: f.sales, credit: '10.000' },
      ],
    }),
  expenses: (f, who, path) =>
    created(path, f, who, '', { date: '2025-06-15', category_id: f.expenseCategoryId, description: 'Printer paper', amount: '11.600', paid_from_account_id: f.cash }),
  budgets: (f, who, path) => created(path, f, who, '', { name: `Plan ${++seq}`, fiscal_year: 2025 }),
};

/** The DELETE routes of the route table that delete a whole draft: `…/<collection>/{<id>}` of a collection above. */
const draftDeleteRoutes = Object.values(routeTable)
  .flatMap((r) => r.routes as readonly string[])
  .filter((key) => {
    const { method, path } = splitRouteKey(key);
    const m = /\/([a-z-]+)\/\{\w+\}$/.exec(path);
    return method === 'DELETE' && !!m && m[1]! in draftMakers;
  });

const ORG = '/api/v1/organizations/{organization_id}';
const collectionOf = (path: string) => /\/([a-z-]+)\/\{\w+\}$/.exec(path)![1]!;
/** The collection's URL in the fixture's organization: the route's path without the id. */
const collectionUrl = (path: string, orgId: string) => path.replace(/\/\{\w+\}$/, '').replace('{organization_id}', orgId);

async function created(path: string, f: Fixture, who: Caller, suffix: string, json: unknown): Promise<string> {
  const res = await call('POST', `${collectionUrl(path, f.orgId)}${suffix}`, { token: f.tokens[who], org: f.orgId, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

let fixture: Fixture;

beforeAll(async () => {
  const { org, users } = await organizationWithRoles();
  // organizationWithRoles gives one user per role: the second member is added here.
  const otherMember = await createUser({ full_name: 'Other member' });
  await addMember(org.id, otherMember.user.id, 'member');
  await ensureChartOfAccounts(org.id);
  const a = await ledgerAccounts(org.id);
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Petra Hotels' }));
  const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Amman Office Supplies' }));
  const category = await call('POST', `/api/v1/organizations/${org.id}/expense-categories`, {
    token: users.admin.token,
    org: org.id,
    json: { name: 'Office supplies', account_id: defaultAccountId(org.id, '6400') },
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  fixture = {
    orgId: org.id,
    tokens: { member: users.member.token, otherMember: otherMember.token, admin: users.admin.token, viewer: users.viewer.token },
    memberId: users.member.user.id,
    customerId: customer.id,
    supplierId: supplier.id,
    cash: a.cash,
    sales: a.sales,
    rent: defaultAccountId(org.id, '6200'),
    expenseCategoryId: category.body.id,
  };
});

describe('who may delete a draft (issue 12)', () => {
  it('walks every DELETE of a draft document in the route table', async () => {
    expect(draftDeleteRoutes).toEqual([
      `DELETE ${ORG}/journal-entries/{entry_id}`,
      `DELETE ${ORG}/invoices/{invoice_id}`,
      `DELETE ${ORG}/bills/{bill_id}`,
      `DELETE ${ORG}/accounting/bills/{bill_id}`,
      `DELETE ${ORG}/expenses/{id}`,
      `DELETE ${ORG}/budgets/{id}`,
    ]);
    // Every DELETE whose own definition says it deletes a draft (lines aside) is in the walk.
    const { paths } = (await generateOpenApi()) as { paths: Record<string, Record<string, { summary?: string }>> };
    const saysDraft = Object.entries(paths)
      .filter(([path, ops]) => /\bdraft\b/i.test(ops.delete?.summary ?? '') && !/\{line(_item)?_id\}$/.test(path))
      .map(([path]) => `DELETE ${path}`);
    expect(saysDraft.sort()).toEqual([...draftDeleteRoutes].sort());
  });

  describe.each(draftDeleteRoutes)('%s', (key) => {
    const { path } = splitRouteKey(key);
    const make = (who: Caller) => draftMakers[collectionOf(path)]!(fixture, who, path);
    const url = (id: string) => `${collectionUrl(path, fixture.orgId)}/${id}`;
    const as = (who: Caller) => ({ token: fixture.tokens[who], org: fixture.orgId });
    const remove = (id: string, who: Caller) => call('DELETE', url(id), as(who));
    const stillThere = async (id: string) => (await call('GET', url(id), as('viewer'))).status;

    it("refuses another member's draft (403) and keeps it", async () => {
      // prepare
      const draft = await make('member');
      // act
      const res = await remove(draft, 'otherMember');
      // assess
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.detail).toMatch(/^Only the person who created this draft .+, or an admin, can delete it$/);
      expect(await stillThere(draft)).toBe(200);
    });

    it('lets the member who created a draft delete it', async () => {
      // prepare
      const draft = await make('member');
      // act
      const res = await remove(draft, 'member');
      // assess
      expect([200, 204], JSON.stringify(res.body)).toContain(res.status);
      expect(await stillThere(draft)).toBe(404);
    });

    it("lets an admin delete another person's draft", async () => {
      // prepare
      const draft = await make('member');
      // act
      const res = await remove(draft, 'admin');
      // assess
      expect([200, 204], JSON.stringify(res.body)).toContain(res.status);
      expect(await stillThere(draft)).toBe(404);
    });

    // The web hides Delete by the same rule (shared/src/drafts.ts), so the draft must say who made it.
    it.runIf(['invoices', 'bills', 'journal-entries'].includes(collectionOf(path)))('answers who created the draft (created_by)', async () => {
      // prepare
      const draft = await make('member');
      // act
      const res = await call('GET', url(draft), as('otherMember'));
      // assess
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.created_by).toBe(fixture.memberId);
    });

    it('refuses a viewer (403) and keeps the draft', async () => {
      // prepare
      const draft = await make('member');
      // act
      const res = await remove(draft, 'viewer');
      // assess
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(await stillThere(draft)).toBe(200);
    });
  });
});
