import {
  einvoicingConnectionTest,
  einvoicingLocalSimulator,
  einvoicingSettingsPublic,
  einvoicingSettingsUpdate,
} from '@daftar/shared/schemas/einvoicing';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { testConnection } from './connection.js';
import { localSimulator } from './local-simulator.js';
import { getSettingsItem, presentSettings, updateSettings } from './settings.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRoutes('e-invoicing', {
  [`GET ${ORG}/e-invoicing/settings`]: route({
    access: { org: 'viewer' },
    summary: "The organization's JoFotara settings; the Client-Id and Secret-Key are never returned, only whether they are set",
    response: einvoicingSettingsPublic,
    handler: async ({ organizationId }) => presentSettings(organizationId!, await getSettingsItem(organizationId!)),
  }),
  [`PUT ${ORG}/e-invoicing/settings`]: route({
    access: { org: 'admin' },
    summary: 'Set the JoFotara settings: omitted fields are kept, null clears; the credentials are stored encrypted',
    body: einvoicingSettingsUpdate,
    response: einvoicingSettingsPublic,
    handler: async (ctx) => {
      const organizationId = ctx.organizationId!;
      const change = await updateSettings(organizationId, ctx.body, ctx.principal?.user?.id ?? null);
      const changedFields = Object.keys(change.fields);
      const credentialChanges = Object.entries(change.credentials).map(([field, what]) => `${field} ${what}`);
      const fields = [...changedFields, ...credentialChanges];
      if (change.created || fields.length) {
        ctx.audit({
          action: change.created ? 'einvoicing.settings_created' : 'einvoicing.settings_updated',
          entity_type: 'einvoicing_settings',
          entity_id: organizationId,
          narrative: {
            key: !change.created ? 'audit.einvoicing.settings_updated' : fields.length ? 'audit.einvoicing.settings_created' : 'audit.einvoicing.settings_created_empty',
            params: { fields: fields.join(', ') },
          },
          // Credential values never enter the audit trail, only that they were set or cleared.
          changes: { ...change.fields, ...(credentialChanges.length ? { credentials_changed: credentialChanges } : {}), version: change.after.version },
        });
      }
      return presentSettings(organizationId, change.after);
    },
  }),
  [`GET ${ORG}/e-invoicing/local-simulator`]: route({
    access: { org: 'viewer' },
    summary: "Running locally: the JoFotara simulator's device credentials (Client-Id, Secret-Key) to enter in the settings; elsewhere `active` is false",
    response: einvoicingLocalSimulator,
    handler: async () => localSimulator(),
  }),
  [`POST ${ORG}/e-invoicing/test-connection`]: route({
    access: { org: 'admin' },
    summary:
      'Check the JoFotara settings without submitting anything: local validation, stored credentials, and an OPTIONS probe of the portal that sends no invoice and no credentials',
    response: einvoicingConnectionTest,
    handler: async (ctx) => {
      const result = await testConnection(ctx.organizationId!);
      const failed = result.checks.filter((check) => check.status === 'fail').map((check) => check.name);
      ctx.audit({
        action: 'einvoicing.connection_tested',
        entity_type: 'einvoicing_settings',
        entity_id: ctx.organizationId,
        narrative: result.ok
          ? { key: 'audit.einvoicing.connection_passed' }
          : { key: 'audit.einvoicing.connection_failed', params: { checks: failed.join(', ') } },
        changes: { ok: result.ok, failed_checks: failed, portal_url: result.portal_url },
      });
      return result;
    },
  }),
});

export const handler = createHandler(routes);
