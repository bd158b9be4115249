import { hasRank, MAX_UPLOAD_BYTES } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route, type RouteContext } from '../http/api.js';
import { Conflict, Forbidden, NotFound } from '../platform/errors.js';
import { FileUpload, type FileUploadItem } from '../db/fileUpload.js';
import { listPage } from '../db/paging.js';
import { isConditionFailure } from '../db/transaction.js';
import { acceptUpload } from './content.js';
import { assertFileUnused, deleteStoredFile, downloadUrl, getFile, presentFile, storeUpload } from './files.js';

const ORG = '/api/v1/organizations/{organization_id}';
/** Room for the multipart framing around a file of the largest accepted size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The uploader: the signed-in user, or the API key for integrations. */
const callerId = (ctx: RouteContext<unknown, unknown>) => (ctx.principal?.kind === 'api_key' ? ctx.principal.apiKey.id : ctx.principal!.user!.id);

export const routes = defineRoutes('file-uploads', {
  [`POST ${ORG}/file-uploads/upload`]: route({
    access: { org: 'member' },
    summary: 'Upload a file (multipart field `file`; query description, tags=a,b, file_type)',
    bodyType: 'multipart',
    maxBodyBytes: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
    query: schemas.fileUploadQuery,
    response: schemas.filePublic,
    status: 201,
    handler: async (ctx) => {
      const file = acceptUpload(ctx.files);
      const stored = await storeUpload({
        organizationId: ctx.organizationId!,
        uploadedBy: callerId(ctx),
        file,
        description: ctx.query.description,
        tags: ctx.query.tags,
        fileType: ctx.query.file_type,
      });
      ctx.audit({
        action: 'file.uploaded',
        entity_type: 'file',
        entity_id: stored.id,
        narrative: { key: 'audit.file.uploaded', params: { filename: stored.filename, content_type: stored.content_type, size: stored.size } },
        changes: { filename: stored.filename, content_type: stored.content_type, size: stored.size, file_type: stored.file_type, tags: stored.tags },
      });
      return presentFile(stored);
    },
  }),
  [`GET ${ORG}/file-uploads`]: route({
    access: { org: 'viewer' },
    summary: "The organization's files, newest first (filters file_type, status)",
    query: schemas.fileListQuery.extend(schemas.pagination.shape),
    response: schemas.listOf(schemas.filePublic),
    handler: async ({ organizationId, query }) => {
      const base = FileUpload.query.byOrganization({ organization_id: organizationId! });
      const { file_type: fileType, status } = query;
      const filtered = fileType || status
        ? base.where(({ file_type, status: st }, { eq }) => [fileType && eq(file_type, fileType), status && eq(st, status)].filter(Boolean).join(' AND '))
        : base;
      return listPage(filtered, query, presentFile);
    },
  }),
  [`GET ${ORG}/file-uploads/{file_id}`]: route({
    access: { org: 'viewer' },
    summary: "One file's record",
    response: schemas.filePublic,
    handler: async ({ organizationId, params }) => presentFile(await getFile(organizationId!, params.file_id!)),
  }),
  [`DELETE ${ORG}/file-uploads/{file_id}`]: route({
    access: { org: 'member' },
    summary: 'Delete a file and its stored object (its uploader or an admin); a receipt an expense keeps is 409',
    response: schemas.message,
    handler: async (ctx) => {
      const file = await getFile(ctx.organizationId!, ctx.params.file_id!);
      if (file.uploaded_by !== callerId(ctx) && !hasRank(ctx.role, 'admin')) {
        throw new Forbidden('Only the uploader or an admin can delete this file');
      }
      await assertFileUnused(file);
      try {
        await deleteStoredFile(file);
      } catch (err) {
        if (isConditionFailure(err)) throw new NotFound('File not found');
        throw err;
      }
      ctx.audit({ action: 'file.deleted', entity_type: 'file', entity_id: file.id, narrative: { key: 'audit.file.deleted', params: { filename: file.filename } }, changes: { filename: file.filename, size: file.size, uploaded_by: file.uploaded_by } });
      return { message: 'File deleted successfully' };
    },
  }),
  [`GET ${ORG}/file-uploads/{file_id}/download`]: route({
    access: { org: 'viewer' },
    summary: 'A presigned download URL for the file, valid for 15 minutes',
    response: schemas.fileDownload,
    handler: async ({ organizationId, params }) => downloadUrl(await getFile(organizationId!, params.file_id!)),
  }),
  [`POST ${ORG}/file-uploads/{file_id}/update`]: route({
    access: { org: 'member' },
    summary: "Change a file's description, tags, type or status",
    body: schemas.fileUpdate,
    response: schemas.filePublic,
    handler: async (ctx) => {
      const before = await getFile(ctx.organizationId!, ctx.params.file_id!);
      // An empty or null description clears it.
      const { description, ...rest } = ctx.body;
      const set = { ...rest, ...(description ? { description } : {}), version: before.version + 1, updated_at: new Date().toISOString() };
      let after: FileUploadItem;
      try {
        const patch = FileUpload.patch({ organization_id: before.organization_id, id: before.id }).set(set);
        const write = (description === null || description === '' ? patch.remove(['description']) : patch).where(({ version }, { eq }) => eq(version, before.version));
        after = (await write.go({ response: 'all_new' })).data as FileUploadItem;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        await getFile(before.organization_id, before.id);
        throw new Conflict('The file was changed by someone else; reload and try again');
      }
      const fields = Object.keys(ctx.body) as (keyof typeof ctx.body)[];
      ctx.audit({
        action: 'file.updated',
        entity_type: 'file',
        entity_id: before.id,
        narrative: { key: 'audit.file.updated', params: { filename: before.filename, fields: fields.join(', ') } },
        changes: Object.fromEntries(fields.map((f) => [f, { from: before[f] ?? null, to: after[f] ?? null }])),
      });
      return presentFile(after);
    },
  }),
});

export const handler = createHandler(routes);
