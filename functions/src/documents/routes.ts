/**
 * The routes every document kind answers the same way — read, create, edit, delete, confirm, line
 * items — built for one kind from its core, its public shape and its schemas. A kind's handler adds
 * what is its own (lists with its filters, status changes, payments) and maps the paths.
 */
import { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { route, type RouteContext } from '../http/api.js';
import type { DocumentCore, DocumentHeaderChange, DocumentInput } from './core.js';
import type { DocumentRecord, LineInput, StoredLine } from './kind.js';

/** Who acts: the signed-in user or the API key. */
export const actorId = (ctx: RouteContext<unknown, unknown>) => {
  const actor = ctx.actor();
  return actor.user_id ?? actor.api_key_id ?? null;
};

interface PublicShape {
  id: string;
  currency: string;
  gross_total: string;
  lines: { id: string; description: string }[];
}

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
}

export function documentRoutes<R extends DocumentRecord, L extends StoredLine, I extends LineInput, X extends keyof L & keyof I & string, P extends PublicShape>(
  spec: DocumentRouteSpec<R, L, I, X, P>,
) {
  const { core, noun, idParam, present } = spec;
  const s = spec.schemas;
  const idOf = (ctx: RouteContext<unknown, unknown>) => ctx.params[idParam]!;
  const withoutVersion = <T extends { version?: number }>({ version, ...rest }: T) => ({ version, line: rest as unknown as I });

  const create = route({
    access: { org: 'member' },
    summary: `Create a draft ${noun} with its lines (totals computed with per-line rounding)`,
    body: s.create,
    response: s.public,
    status: 201,
    handler: async (ctx) => {
      const shown = present(await core.create(ctx.organizationId!, ctx.body, actorId(ctx)));
      ctx.audit({
        action: `${noun}.created`,
        entity_type: noun,
        entity_id: shown.id,
        summary: `Draft ${noun} created for ${shown.gross_total} ${shown.currency} (${shown.lines.length} lines)`,
        changes: { contact_id: ctx.body.contact_id, gross_total: shown.gross_total, lines: shown.lines.length },
      });
      return shown;
    },
  });

  const get = route({
    access: { org: 'viewer' },
    summary: `One ${noun} with its lines`,
    response: s.public,
    handler: async (ctx) => present(await core.get(ctx.organizationId!, idOf(ctx))),
  });

  const update = route({
    access: { org: 'member' },
    summary: `Change a draft ${noun}'s header (version must match; confirmed: 409)`,
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
        summary: `Draft ${noun} updated (${fields.join(', ')})`,
        changes: Object.fromEntries(fields.map((f) => [f, { from: b[f] ?? null, to: (a as Record<string, unknown>)[f] ?? null }])),
      });
      return a;
    },
  });

  const replace = route({
    access: { org: 'member' },
    summary: `Replace a draft ${noun} with its lines (version must match)`,
    body: s.replace,
    response: s.public,
    handler: async (ctx) => {
      const { before, after } = await core.replace(ctx.organizationId!, idOf(ctx), ctx.body);
      const [b, a] = [present(before), present(after)];
      ctx.audit({
        action: `${noun}.updated`,
        entity_type: noun,
        entity_id: a.id,
        summary: `Draft ${noun} replaced with ${a.lines.length} lines, total ${a.gross_total} ${a.currency}`,
        changes: { gross_total: { from: b.gross_total, to: a.gross_total }, lines: { from: b.lines.length, to: a.lines.length } },
      });
      return a;
    },
  });

  const remove = route({
    access: { org: 'member' },
    summary: `Delete a draft ${noun} (confirmed: 409)`,
    query: s.versionQuery,
    response: schemas.message,
    handler: async (ctx) => {
      const shown = present(await core.remove(ctx.organizationId!, idOf(ctx), ctx.query.version));
      ctx.audit({
        action: `${noun}.deleted`,
        entity_type: noun,
        entity_id: shown.id,
        summary: `Draft ${noun} deleted (${shown.gross_total} ${shown.currency})`,
        changes: { gross_total: shown.gross_total },
      });
      return { message: `${noun[0]!.toUpperCase()}${noun.slice(1)} deleted successfully` };
    },
  });

  const confirm = route({
    access: { org: 'admin' },
    summary: `Confirm a draft ${noun}: number it and post its journal entry in one transaction (again: 409)`,
    response: s.public,
    handler: async (ctx) => {
      const document = await core.confirm(ctx.organizationId!, idOf(ctx), actorId(ctx));
      const shown = present(document);
      ctx.audit({
        action: `${noun}.confirmed`,
        entity_type: noun,
        entity_id: document.id,
        summary: `${noun[0]!.toUpperCase()}${noun.slice(1)} ${document.number} confirmed and posted: ${shown.gross_total} ${shown.currency}`,
        changes: { status: { from: 'draft', to: 'confirmed' }, number: document.number, journal_entry_id: document.journal_entry_id },
      });
      return shown;
    },
  });

  const lines = route({
    access: { org: 'viewer' },
    summary: `A ${noun}'s lines`,
    response: schemas.listOf(s.linePublic),
    handler: async (ctx) => {
      const shown = present(await core.get(ctx.organizationId!, idOf(ctx))).lines;
      return { data: shown, count: shown.length };
    },
  });

  /** The line as the document now shows it, and an audit record of the change. */
  function lineChanged(ctx: RouteContext<unknown, unknown>, action: string, document: R, lineId: string, summary: (description: string) => string) {
    const shown = present(document);
    const line = shown.lines.find((l) => l.id === lineId)!;
    ctx.audit({ action: `${noun}.${action}`, entity_type: noun, entity_id: document.id, summary: summary(line.description), changes: { line_id: lineId, gross_total: shown.gross_total } });
    return line;
  }

  const addLine = route({
    access: { org: 'member' },
    summary: `Add a line to a draft ${noun} (totals recomputed)`,
    body: s.lineWrite,
    response: s.linePublic,
    status: 201,
    handler: async (ctx) => {
      const { version, line } = withoutVersion(ctx.body);
      const { document, line: added } = await core.addLine(ctx.organizationId!, idOf(ctx), line, version);
      return lineChanged(ctx, 'line_added', document, added.id, (d) => `Line "${d}" added to a draft ${noun}`);
    },
  });

  const replaceLine = route({
    access: { org: 'member' },
    summary: `Replace a line of a draft ${noun} (totals recomputed)`,
    body: s.lineWrite,
    response: s.linePublic,
    handler: async (ctx) => {
      const { version, line } = withoutVersion(ctx.body);
      const { document, line: replaced } = await core.replaceLine(ctx.organizationId!, idOf(ctx), ctx.params.line_item_id!, line, version);
      return lineChanged(ctx, 'line_updated', document, replaced.id, (d) => `Line "${d}" of a draft ${noun} changed`);
    },
  });

  const removeLine = route({
    access: { org: 'member' },
    summary: `Remove a line from a draft ${noun} (the last line cannot go: 409)`,
    query: s.versionQuery,
    response: schemas.message,
    handler: async (ctx) => {
      const document = await core.removeLine(ctx.organizationId!, idOf(ctx), ctx.params.line_item_id!, ctx.query.version);
      ctx.audit({
        action: `${noun}.line_removed`,
        entity_type: noun,
        entity_id: document.id,
        summary: `Line removed from a draft ${noun}`,
        changes: { line_id: ctx.params.line_item_id, gross_total: present(document).gross_total },
      });
      return { message: 'Line item deleted successfully' };
    },
  });

  return { create, get, update, replace, remove, confirm, lines, addLine, replaceLine, removeLine };
}
