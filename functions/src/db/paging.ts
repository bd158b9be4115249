/**
 * Paging over ElectroDB queries, for list routes that answer `{data, count}` with skip/limit.
 * Shared by the api-keys, audit-logs, file-uploads and items resources; it belongs in db/ once
 * the core grows a home for query helpers.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client.js';

type Order = 'asc' | 'desc';

/** The part of an ElectroDB query chain (after key conditions and filters) that paging needs. */
export interface PageableQuery<T> {
  go(options: { cursor?: string | null; order?: Order }): Promise<{ data: T[]; cursor: string | null }>;
  params(options?: { order?: Order }): object;
}

/** Items `skip .. skip+limit` in key order: reads only as many DynamoDB pages as that needs. */
export async function takeRange<T>(query: PageableQuery<T>, skip: number, limit: number, order: Order = 'desc'): Promise<T[]> {
  const wanted = skip + limit;
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: T[]; cursor: string | null } = await query.go({ cursor, order });
    out.push(...page.data);
    cursor = page.cursor;
  } while (cursor && out.length < wanted);
  return out.slice(skip, wanted);
}

/**
 * How many items the query matches (after its filter), with `Select: COUNT` so no item travels.
 * Sort-key prefixes are unique per entity in this table, so the raw count is the entity's count.
 */
export async function countMatching(query: PageableQuery<unknown>): Promise<number> {
  const params = query.params() as QueryCommandInput;
  let count = 0;
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await documentClient.send(new QueryCommand({ ...params, Select: 'COUNT', ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** A `{data, count}` page: the requested slice and the total that matches. */
export async function listPage<T, R>(
  query: PageableQuery<T>,
  opts: { skip: number; limit: number; order?: Order },
  present: (item: T) => R,
): Promise<{ data: R[]; count: number }> {
  const [items, count] = await Promise.all([takeRange(query, opts.skip, opts.limit, opts.order), countMatching(query)]);
  return { data: items.map(present), count };
}

/** Every item the query matches (bounded data sets only: an organization's keys, one day's log). */
export async function takeAll<T>(query: PageableQuery<T>, order: Order = 'asc'): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: T[]; cursor: string | null } = await query.go({ cursor, order });
    out.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

