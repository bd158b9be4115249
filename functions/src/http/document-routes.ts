/**
 * The routes every document kind (sales invoice, purchase bill) answers the same way — read,
 * create, edit, delete, confirm, line items — built for one kind from its core
 * (documents/core.ts), its public shape and its schemas. A kind's handler adds what is its own
 * (lists with its filters, status changes, payments, printing) and maps the paths.
 *
 * The routes stay thin: call the core, record the audit entry, present the document. Where a kind
 * words a route's OpenAPI summary differently or lets another role call it, `overrides` says so.
 */
import * as schemas from '@daftar/shared/schemas/index';
import type { z } from 'zod';
import type { DocumentCore, DocumentHeaderChange, DocumentInput } from '../documents/core.js';
import type { DocumentRecord, LineInput, StoredLine } from '../documents/kind.js';
import { route, type Access, type RouteContext } from './api.js';
import { actorIdOf } from './principal.js';
import { idempotent } from './idempotency.js';

interface PublicShape {
  id: string;
  contact_id: string;
  currency: string;
  gross_total: string;
  lines: { id: string; description: string }[];
}

export type DocumentRouteName = 'create' | 'get' | 'update' | 'replace' | 'remove' | 'confirm' | 'lines' | 'addLine' | 'replaceLine' | 'removeLine';

export interface DocumentRouteSpec<R extends DocumentRecord, L extends StoredLine, I extends LineInput, X extends keyof L & keyof I & string, P extends PublicShape> {
  core: DocumentCore<R, L, I, X>;
  /** 'bill': audit actions (`bill.created`), entity type and messages. */
  noun: string;
  /** The path parameter naming the document: 'bill_id'. */
  idParam: string;
  present(document: R): P;
  schemas: {
    public: z.ZodType<P>;
    linePublic: z.ZodType;
    create: z.ZodType<DocumentInput<I>>;
    replace: z.ZodType<DocumentInput<I> & { version: number }>;
    update: z.ZodType<DocumentHeaderChange>;
    lineWrite: z.ZodType<I & { version?: number }>;
    versionQuery: z.ZodType<{ version?: number }>;
  };
  /** A kind's own OpenAPI summary or minimum role for a route, where it differs from the shared one. */
  overrides?: Partial<Record<DocumentRouteName, { summary?: string; access?: Access }>>;
}

const capitalized = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;
/** 'An invoice', 'A bill'. */
const aNoun = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;

export function documentRoutes<R extends DocumentRecord, L extends StoredLine, I extends LineInput, X extends keyof L & keyof I & string, P extends PublicShape>(
  spec: DocumentRouteSpec<R, L, I, X, P>,
) {
  const { core, noun, idParam, present } = spec;
  const s = spec.schemas;
  const Noun = capitalized(noun);
  const idOf = (ctx: RouteContext<unknown, unknown>) => ctx.params[idParam]!;
  const withoutVersion = <T extends { version?: number }>({ version, ...rest }: T) => ({ version, line: rest as unknown as I });
  /** The route's access and summary: the kind's override, else the shared one. */
  const described = (name: DocumentRouteName, access: Access, summary: string) => ({
    access: spec.overrides?.[name]?.access ?? access,
    summary: spec.overrides?.[name]?.summary ?? summary,
  });

  const create = route({
    ...described('create', { org: 'member' }, `Create a draft ${noun} with its lines (totals computed with per-line rounding)`),
    body: s.create,
    response: s.public,
    status: 201,
    handler: async (ctx) => {
      const shown = present(await core.create(ctx.organizationId!, ctx.body, actorIdOf(ctx.principal)));
      ctx.audit({
        action: `${noun}.created`,
        entity_type: noun,
        entity_id: shown.id,
        narrative: { key: 'audit.document.created', params: { kind: noun, total: shown.gross_total, currency: shown.currency, lines: shown.lines.length } },
        changes: { contact_id: ctx.body.contact_id, gross_total: shown.gross_total, lines: shown.lines.length },
      });
      return shown;
    },
  });

  const get = route({
    ...described('get', { org: 'viewer' }, `One ${noun} with its lines`),
    response: s.public,
    handler: async (ctx) => present(await core.get(ctx.organizationId!, idOf(ctx))),
  });

  const update = route({
    ...described('update', { org: 'member' }, `Change a draft ${noun}'s header (version must match; confirmed: 409)`),
    body: s.update,
    response: s.public,
    handler: async (ctx) => {
      const { before, after } = await core.update(ctx.organizationId!, idOf(ctx), ctx.body);
      const given: Record<string, unknown> = { ...ctx.body };
      const fields = Object.keys(given).filter((f) => f !== 'version' && given[f] !== undefined);
      const [b, a] = [present(before) as Record<string, unknown>, present(after)];
      ctx.audit({
        action: `${noun}.updated`,
        entity_type: noun,
        entity_id: after.id,
        narrative: { key: 'audit.document.updated', params: { kind: noun, fields: fields.join(', ') } },
        changes: Object.fromEntries(fields.map((f) => [f, { from: b[f] ?? null, to: (a as Record<string, unknown>)[f] ?? null }])),
      });
      return a;
    },
  });

  const replace = route({
    ...described('replace', { org: 'member' }, `Replace a draft ${noun} with its lines (version must match)`),
    body: s.replace,
    response: s.public,
    handler: async (ctx) => {
      const { before, after } = await core.replace(ctx.organizationId!, idOf(ctx), ctx.body);
      const [b, a] = [present(before), present(after)];
      ctx.audit({
        action: `${noun}.updated`,
        entity_type: noun,
        entity_id: a.id,
        narrative: { key: 'audit.document.replaced', params: { kind: noun, lines: a.lines.length, total: a.gross_total, currency: a.currency } },
        changes: { gross_total: { from: b.gross_total, to: a.gross_total }, lines: { from: b.lines.length, to: a.lines.length } },
      });
      return a;
    },
  });

  const remove = route({
    ...described('remove', { org: 'member' }, `Delete a draft ${noun}: its creator or an admin (confirmed: 409)`),
    query: s.versionQuery,
    response: schemas.message,
    handler: async (ctx) => {
      const caller = { actorId: actorIdOf(ctx.principal), role: ctx.role };
      const shown = present(await core.remove(ctx.organizationId!, idOf(ctx), caller, ctx.query.version));
      ctx.audit({
        action: `${noun}.deleted`,
        entity_type: noun,
        entity_id: shown.id,
        narrative: { key: 'audit.document.deleted', params: { kind: noun, total: shown.gross_total, currency: shown.currency } },
        changes: { contact_id: shown.contact_id, gross_total: shown.gross_total },
      });
      return { message: `${Noun} deleted successfully` };
    },
  });

  const confirm = route({
    ...described('confirm', { org: 'admin' }, `Confirm a draft ${noun}: number it and post its journal entry in one transaction (again: the confirmed ${noun}; Idempotency-Key honoured)`),
    response: s.public,
    // The audit record is written in the confirmation's own transaction; a repeat writes nothing.
    autoAudit: false,
    handler: (ctx) =>
      idempotent(ctx, async (guard) => {
        const answer = (document: R) => ({ status: 200, body: present(document), resourceType: noun, resourceId: document.id });
        const document = await core.confirm(ctx.organizationId!, idOf(ctx), actorIdOf(ctx.principal), {
          audit: ctx.actor(),
          idempotency: guard ? { claim: guard, answer } : undefined,
          onUnchanged: () => guard?.settle(),
        });
        return answer(document);
      }),
  });

  const lines = route({
    ...described('lines', { org: 'viewer' }, `${aNoun(noun)}'s lines`),
    response: schemas.listOf(s.linePublic),
    handler: async (ctx) => {
      const shown = present(await core.get(ctx.organizationId!, idOf(ctx))).lines;
      return { data: shown, count: shown.length };
    },
  });

  /** The line as the document now shows it, and an audit record of the change. */
  function lineChanged(ctx: RouteContext<unknown, unknown>, action: 'line_added' | 'line_updated', document: R, lineId: string) {
    const shown = present(document);
    const line = shown.lines.find((l) => l.id === lineId)!;
    ctx.audit({
      action: `${noun}.${action}`,
      entity_type: noun,
      entity_id: document.id,
      narrative: { key: `audit.document.${action}`, params: { kind: noun, description: line.description } },
      changes: { line_id: lineId, gross_total: shown.gross_total },
    });
    return line;
  }

  const addLine = route({
    ...described('addLine', { org: 'member' }, `Add a line to a draft ${noun} (totals recomputed)`),
    body: s.lineWrite,
    response: s.linePublic,
    status: 201,
    handler: async (ctx) => {
      const { version, line } = withoutVersion(ctx.body);
      const { document, line: added } = await core.addLine(ctx.organizationId!, idOf(ctx), line, version);
      return lineChanged(ctx, 'line_added', document, added.id);
    },
  });

  const replaceLine = route({
    ...described('replaceLine', { org: 'member' }, `Replace a line of a draft ${noun} (totals recomputed)`),
    body: s.lineWrite,
    response: s.linePublic,
    handler: async (ctx) => {
      const { version, line } = withoutVersion(ctx.body);
      const { document, line: replaced } = await core.replaceLine(ctx.organizationId!, idOf(ctx), ctx.params.line_item_id!, line, version);
      return lineChanged(ctx, 'line_updated', document, replaced.id);
    },
  });

  const removeLine = route({
    ...described('removeLine', { org: 'member' }, `Remove a line from a draft ${noun} (the last line cannot go: 409)`),
    query: s.versionQuery,
    response: schemas.message,
    handler: async (ctx) => {
      const document = await core.removeLine(ctx.organizationId!, idOf(ctx), ctx.params.line_item_id!, ctx.query.version);
      ctx.audit({
        action: `${noun}.line_removed`,
        entity_type: noun,
        entity_id: document.id,
        narrative: { key: 'audit.document.line_removed', params: { kind: noun } },
        changes: { line_id: ctx.params.line_item_id, gross_total: present(document).gross_total },
      });
      return { message: 'Line item deleted successfully' };
    },
  });

  return { create, get, update, replace, remove, confirm, lines, addLine, replaceLine, removeLine };
}
