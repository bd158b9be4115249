/**
 * The bills' own routes (documents, statuses, lists), also under accounting/: the route group of
 * the bills Lambda (bills/handler.ts) loaded by the first of them called.
 */
import * as schemas from '@daftar/shared/schemas/index';
import * as bills from '@daftar/shared/schemas/bills';
import { defineRouteGroup, route, validate } from '../http/api.js';
import { alsoUnderAccounting } from '../http/accounting-paths.js';
import { documentRoutes } from '../http/document-routes.js';
import { actorIdOf } from '../http/principal.js';
import { billDocuments, changeBillStatus, listBills, listSupplierBills, overdueBills, presentBill } from './bills.js';

const ORG = '/api/v1/organizations/{organization_id}';
const BILLS = `${ORG}/bills`;
const BILL = `${BILLS}/{bill_id}`;

const documentRoute = documentRoutes({
  core: billDocuments,
  noun: 'bill',
  idParam: 'bill_id',
  present: presentBill,
  schemas: {
    public: bills.billPublic,
    linePublic: bills.billLinePublic,
    create: bills.billCreate,
    replace: bills.billReplace,
    update: bills.billUpdate,
    lineWrite: bills.billLineWrite,
    versionQuery: bills.billVersionQuery,
  },
});

const billList = schemas.listOf(bills.billPublic);
const page = (result: { data: Parameters<typeof presentBill>[0][]; count: number }) => ({ data: result.data.map(presentBill), count: result.count });

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Bills, newest first (filters: status, supplier_id, issue dates date_from–date_to)',
  query: bills.billListQuery,
  response: billList,
  handler: async ({ organizationId, query }) => page(await listBills(organizationId!, query)),
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'All bills in short form for pickers (filters: status, supplier_id)',
  query: bills.billOptionsQuery,
  response: schemas.listOf(bills.billOption),
  handler: async ({ organizationId, query }) => {
    const { data, count } = await listBills(organizationId!, query, true);
    return {
      data: data.map((bill) => {
        const p = presentBill(bill);
        return { id: p.id, number: p.number, supplier_reference: p.supplier_reference, status: p.status, contact_id: p.contact_id, issue_date: p.issue_date, due_date: p.due_date, gross_total: p.gross_total, balance_due: p.balance_due };
      }),
      count,
    };
  },
});

const byStatusRoute = route({
  access: { org: 'viewer' },
  summary: 'Bills in one status, newest first',
  query: bills.billPageQuery,
  response: billList,
  handler: async ({ organizationId, params, query }) =>
    page(await listBills(organizationId!, { ...query, status: validate(bills.billStatusPath, params.status, 'path') })),
});

const bySupplierRoute = route({
  access: { org: 'viewer' },
  summary: "A supplier's bills, newest first (another organization's contact: 404)",
  query: bills.billPageQuery,
  response: billList,
  handler: async ({ organizationId, params, query }) => page(await listSupplierBills(organizationId!, params.supplier_id!, query)),
});

const overdueRoute = route({
  access: { org: 'viewer' },
  summary: 'Bills still owed past their due date as of a date (default today), most overdue first, with days_overdue',
  query: bills.billOverdueQuery,
  response: schemas.listOf(bills.billOverdue),
  handler: async ({ organizationId, query }) => {
    const { data, count } = await overdueBills(organizationId!, query);
    return { data: data.map(({ bill, days_overdue }) => ({ ...presentBill(bill), days_overdue })), count };
  },
});

const statusRoute = route({
  access: { org: 'admin' },
  summary: 'Change status: draft → cancelled, or draft → confirmed (numbered and posted as POST …/confirm); anything else 409',
  query: bills.billStatusQuery,
  response: bills.billPublic,
  handler: async (ctx) => {
    const { before, after } = await changeBillStatus(ctx.organizationId!, ctx.params.bill_id!, ctx.query.status, actorIdOf(ctx.principal));
    ctx.audit({
      action: after.status === 'confirmed' ? 'bill.confirmed' : `bill.${after.status}`,
      entity_type: 'bill',
      entity_id: after.id,
      narrative: { key: 'audit.document.status', params: { kind: 'bill', number: after.number ?? after.id, from: before.status, to: after.status } },
      changes: { status: { from: before.status, to: after.status }, ...(after.journal_entry_id ? { number: after.number, journal_entry_id: after.journal_entry_id } : {}) },
    });
    return presentBill(after);
  },
});

/** SPEC §7: the bills routes stand again under accounting/, answering identically (the same route objects). */
export const routes = defineRouteGroup('bills', {
  ...alsoUnderAccounting({
    [`GET ${BILLS}`]: listRoute,
    [`POST ${BILLS}`]: documentRoute.create,
    [`GET ${BILLS}/list`]: optionsRoute,
    [`POST ${BILLS}/with-line-items`]: documentRoute.create,
    [`GET ${BILL}`]: documentRoute.get,
    [`PUT ${BILL}`]: documentRoute.update,
    [`DELETE ${BILL}`]: documentRoute.remove,
    [`PUT ${BILL}/with-line-items`]: documentRoute.replace,
    [`POST ${BILL}/confirm`]: documentRoute.confirm,
    [`PUT ${BILL}/status`]: statusRoute,
    [`GET ${BILLS}/status/{status}`]: byStatusRoute,
    [`GET ${BILLS}/supplier/{supplier_id}`]: bySupplierRoute,
    [`GET ${BILLS}/overdue/all`]: overdueRoute,
    [`GET ${BILL}/line-items`]: documentRoute.lines,
    [`POST ${BILL}/line-items`]: documentRoute.addLine,
    [`PUT ${BILL}/line-items/{line_item_id}`]: documentRoute.replaceLine,
    [`DELETE ${BILL}/line-items/{line_item_id}`]: documentRoute.removeLine,
  }),
});
