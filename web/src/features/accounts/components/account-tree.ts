import { ACCOUNT_TYPES, type AccountType } from '@daftar/shared/schemas/accounting';
import type { AccountNode } from '../api/get-chart';

export interface AccountRow {
  account: AccountNode;
  depth: number;
  /** Shown only because a sub-account matches the search. */
  context: boolean;
}

const normalize = (text: string) => text.toLocaleLowerCase().trim();

/** The same match as the API's account search: code, name or Arabic name, case-insensitive. */
export const matchesSearch = (account: Pick<AccountNode, 'code' | 'name' | 'name_ar'>, needle: string) =>
  [account.code, account.name, account.name_ar ?? ''].some((field) => normalize(field).includes(needle));

/**
 * The tree as table rows, depth first in code order. With a search, a row stays when it matches
 * or when one of its sub-accounts does (its parents are kept as context, so the match is seen
 * where it sits in the chart).
 */
export function treeRows(nodes: readonly AccountNode[], search = ''): AccountRow[] {
  const needle = normalize(search);
  const rows: AccountRow[] = [];
  const visit = (node: AccountNode, depth: number): AccountRow[] => {
    const children = node.children.flatMap((child) => visit(child, depth + 1));
    const matched = !needle || matchesSearch(node, needle);
    if (!matched && children.length === 0) return [];
    return [{ account: node, depth, context: !matched }, ...children];
  };
  for (const node of nodes) rows.push(...visit(node, 0));
  return rows;
}

/** Root accounts grouped by type, in the order of the balance sheet then the income statement. */
export function byType(nodes: readonly AccountNode[]): { type: AccountType; nodes: AccountNode[] }[] {
  return ACCOUNT_TYPES.map((type) => ({ type, nodes: nodes.filter((node) => node.type === type) }));
}

/** Every account of the tree, flat, in code order. */
export function flatten(nodes: readonly AccountNode[]): AccountNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The ids of an account and of everything under it (an account cannot move under itself). */
export function subtreeIds(node: AccountNode): Set<string> {
  return new Set(flatten([node]).map((n) => n.id));
}
