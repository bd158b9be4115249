import { hasRank } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { Forbidden } from '../platform/errors.js';
import { activitySummary, globalLog, organizationLog, recentActivity } from './log.js';
import { cleanupAuditLogs } from './cleanup.js';

const ORG = '/api/v1/organizations/{organization_id}';
const auditList = schemas.listOf(schemas.auditLogPublic);

export const routes = defineRoutes('audit-logs', {
  [`GET ${ORG}/audit-logs`]: route({
    access: { org: 'admin' },
    summary: "The organization's audit log, newest first (filters: action, user_id, start_date, end_date)",
    query: schemas.auditLogQuery,
    response: auditList,
    handler: async ({ organizationId, query }) => organizationLog(organizationId!, query, query),
  }),
  [`GET ${ORG}/audit-logs/recent`]: route({
    access: { org: 'admin' },
    summary: 'Activity of the last hours (default 24), newest first',
    query: schemas.auditRecentQuery,
    response: auditList,
    handler: async ({ organizationId, query }) => recentActivity(organizationId!, query.hours, query.limit),
  }),
  [`GET ${ORG}/audit-logs/summary`]: route({
    access: { org: 'admin' },
    summary: 'Record counts by action and by user over the last days',
    query: schemas.auditSummaryQuery,
    response: schemas.auditSummary,
    handler: async ({ organizationId, query }) => activitySummary(organizationId!, query.days),
  }),
  [`GET ${ORG}/audit-logs/user/{user_id}`]: route({
    access: { org: 'viewer' },
    summary: "One user's records in the organization (admins, or the user themself)",
    query: schemas.pagination,
    response: auditList,
    handler: async ({ organizationId, params, query, role, principal }) => {
      const self = principal?.kind === 'user' && principal.user.id === params.user_id;
      if (!self && !hasRank(role, 'admin')) throw new Forbidden("Only admins can read other members' audit records");
      return organizationLog(organizationId!, { user_id: params.user_id }, query);
    },
  }),
  [`GET ${ORG}/audit-logs/global`]: route({
    access: 'superuser',
    summary: 'The platform-wide audit log, newest first (superuser). `count` is the number of records answered',
    query: schemas.auditLogGlobalQuery,
    response: auditList,
    handler: async ({ query }) => globalLog(query, query),
  }),
  [`POST ${ORG}/audit-logs/cleanup`]: route({
    access: 'superuser',
    summary: 'Delete audit records older than days_to_keep (whole UTC days; superuser)',
    query: schemas.auditCleanupQuery,
    response: schemas.auditCleanupResult,
    handler: async (ctx) => {
      const result = await cleanupAuditLogs(ctx.query.days_to_keep);
      ctx.audit({
        action: 'audit_log.cleanup',
        entity_type: 'audit_log',
        narrative: { key: 'audit.audit_log.cleanup', params: { count: result.deleted, cutoff: result.cutoff_date } },
        changes: { ...result },
      });
      return result;
    },
  }),
});

export const handler = createHandler(routes);
