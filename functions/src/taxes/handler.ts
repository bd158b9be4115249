import * as schemas from '@daftar/shared/schemas/index';
import * as taxes from '@daftar/shared/schemas/taxes';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { calculateTaxes } from './calculate.js';
import { jordanGstDefinition, setupJordanGst } from './jordanGst.js';
import { createTax, deleteTax, getTax, listTaxes, presentTax, presentTaxOption, updateTax } from './taxes.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRoutes('taxes', {
  [`GET ${ORG}/taxes`]: route({
    access: { org: 'viewer' },
    summary: 'Taxes: general (standard, zero-rated, exempt) then special, higher rates first (include_inactive, tax_category)',
    query: taxes.taxListQuery,
    response: schemas.listOf(taxes.taxPublic),
    handler: async ({ organizationId, query }) => {
      const { data, count } = await listTaxes(organizationId!, query);
      return { data: data.map(presentTax), count };
    },
  }),
  [`POST ${ORG}/taxes`]: route({
    access: { org: 'admin' },
    summary: 'Add a tax (code unique in the organization: 409; is_default moves the default mark)',
    body: taxes.taxCreate,
    response: taxes.taxPublic,
    status: 201,
    handler: async (ctx) => {
      const { tax, unsetDefaults } = await createTax(ctx.organizationId!, ctx.body);
      ctx.audit({
        action: 'tax.created',
        entity_type: 'tax',
        entity_id: tax.id,
        narrative: { key: tax.is_default ? 'audit.tax.created_default' : 'audit.tax.created', params: { name: tax.name, category: tax.tax_category, rate: tax.rate } },
        changes: {
          name: tax.name,
          tax_code: tax.code ?? null,
          rate: tax.rate,
          tax_category: tax.tax_category,
          is_default: tax.is_default,
          ...(unsetDefaults.length ? { previous_default: unsetDefaults.map((t) => t.id) } : {}),
        },
      });
      return presentTax(tax);
    },
  }),
  [`GET ${ORG}/taxes/list`]: route({
    access: { org: 'viewer' },
    summary: 'Taxes in short form for pickers (same filters as the list)',
    query: taxes.taxListQuery,
    response: schemas.listOf(taxes.taxOption),
    handler: async ({ organizationId, query }) => {
      const { data, count } = await listTaxes(organizationId!, query);
      return { data: data.map(presentTaxOption), count };
    },
  }),
  [`GET ${ORG}/taxes/{tax_id}`]: route({
    access: { org: 'viewer' },
    summary: 'One tax',
    response: taxes.taxPublic,
    handler: async ({ organizationId, params }) => presentTax(await getTax(organizationId!, params.tax_id!)),
  }),
  [`PUT ${ORG}/taxes/{tax_id}`]: route({
    access: { org: 'admin' },
    summary: 'Change a tax (null clears an optional field; version, when given, must match)',
    body: taxes.taxUpdate,
    response: taxes.taxPublic,
    handler: async (ctx) => {
      const { before, after } = await updateTax(ctx.organizationId!, ctx.params.tax_id!, ctx.body);
      const [from, to] = [presentTax(before), presentTax(after)];
      const fields = (Object.keys(to) as (keyof typeof to)[]).filter(
        (f) => !['version', 'updated_at'].includes(f) && JSON.stringify(from[f]) !== JSON.stringify(to[f]),
      );
      ctx.audit({
        action: before.is_active === after.is_active ? 'tax.updated' : after.is_active ? 'tax.activated' : 'tax.deactivated',
        entity_type: 'tax',
        entity_id: after.id,
        narrative: fields.length
          ? { key: 'audit.tax.updated', params: { name: after.name, fields: fields.join(', ') } }
          : { key: 'audit.tax.unchanged', params: { name: after.name } },
        // `code` is renamed: the audit log redacts fields whose name contains "code".
        changes: Object.fromEntries(fields.map((f) => [f === 'code' ? 'tax_code' : f, { from: from[f], to: to[f] }])),
      });
      return to;
    },
  }),
  [`DELETE ${ORG}/taxes/{tax_id}`]: route({
    access: { org: 'admin' },
    summary: 'Delete a tax; a tax that documents use is deactivated instead',
    response: schemas.message,
    handler: async (ctx) => {
      const result = await deleteTax(ctx.organizationId!, ctx.params.tax_id!);
      const { tax } = result;
      if (result.outcome === 'deactivated') {
        ctx.audit({
          action: 'tax.deactivated',
          entity_type: 'tax',
          entity_id: tax.id,
          narrative: { key: 'audit.tax.deactivated', params: { name: tax.name, references: result.references.join(', ') } },
          changes: { is_active: { from: true, to: false } },
        });
        return { message: `Tax is used by ${result.references.join(', ')}; it was deactivated instead of deleted` };
      }
      ctx.audit({
        action: 'tax.deleted',
        entity_type: 'tax',
        entity_id: tax.id,
        narrative: { key: 'audit.tax.deleted', params: { name: tax.name } },
        changes: { name: tax.name, tax_code: tax.code ?? null, rate: tax.rate, tax_category: tax.tax_category },
      });
      return { message: 'Tax deleted successfully' };
    },
  }),
  [`POST ${ORG}/taxes/calculate`]: route({
    access: { org: 'viewer' },
    summary: 'Net, tax and gross per line and in total, by the rules documents use (changes nothing)',
    body: taxes.taxCalculationRequest,
    response: taxes.taxCalculationResult,
    autoAudit: false,
    handler: async ({ organizationId, body }) => calculateTaxes(organizationId!, body),
  }),
  [`GET ${ORG}/taxes/default/jordan-gst`]: route({
    access: { org: 'viewer' },
    summary: "Jordan's general sales tax rate set, and whether this organization has set it up",
    response: taxes.jordanGstDefault,
    handler: async ({ organizationId }) => jordanGstDefinition(organizationId!),
  }),
  [`POST ${ORG}/taxes/jordan-gst/setup`]: route({
    access: { org: 'admin' },
    summary: 'Create the Jordan GST taxes the organization lacks (idempotent) and record its GST registration number',
    query: taxes.jordanGstSetupQuery,
    response: taxes.jordanGstSetupResult,
    handler: async (ctx) => {
      const setup = await setupJordanGst(ctx.organizationId!, ctx.query.gst_registration_number);
      const { from, to } = setup.registrationNumber;
      const numberChanged = from !== to;
      if (setup.created.length || numberChanged) {
        ctx.audit({
          action: 'tax.jordan_gst_setup',
          entity_type: 'organization',
          entity_id: ctx.organizationId!,
          narrative: {
            key: numberChanged ? 'audit.tax.jordan_gst_setup_number' : 'audit.tax.jordan_gst_setup',
            params: { created: setup.created.length, existing: setup.existing.length, number: to },
          },
          changes: {
            created_taxes: setup.created.map((t) => ({ id: t.id, tax_code: t.code, rate: t.rate, tax_category: t.tax_category })),
            ...(numberChanged ? { gst_registration_number: { from, to } } : {}),
            ...(setup.unsetDefaults.length ? { previous_default: setup.unsetDefaults.map((t) => t.id) } : {}),
          },
        });
      } else {
        ctx.audit({
          action: 'tax.jordan_gst_setup',
          entity_type: 'organization',
          entity_id: ctx.organizationId!,
          narrative: { key: 'audit.tax.jordan_gst_unchanged' },
        });
      }
      return {
        message: setup.created.length ? `Jordan GST set up: ${setup.created.length} taxes created` : 'Jordan GST is already set up',
        created: setup.created.length,
        existing: setup.existing.length,
        gst_registration_number: to,
        taxes: setup.taxes.map(presentTax),
      };
    },
  }),
});

export const handler = createHandler(routes);
