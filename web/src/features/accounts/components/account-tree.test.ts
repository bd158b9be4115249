import { describe, expect, it } from 'vitest';
import { chart, currentAssets } from '../testing/fixtures';
import { byType, flatten, subtreeIds, treeRows } from './account-tree';

describe('chart tree', () => {
  it('lists accounts depth first with their depth', () => {
    expect(treeRows([currentAssets]).map((r) => [r.account.code, r.depth, r.context])).toEqual([
      ['1100', 0, false],
      ['1110', 1, false],
      ['1115', 1, false],
    ]);
  });

  it('keeps the parents of a match as context, and matches Arabic names', () => {
    expect(treeRows([currentAssets], 'petty').map((r) => [r.account.code, r.context])).toEqual([
      ['1100', true],
      ['1115', false],
    ]);
    expect(treeRows([currentAssets], 'الصندوق').map((r) => r.account.code)).toEqual(['1100', '1110']);
    expect(treeRows([currentAssets], 'nothing')).toEqual([]);
  });

  it('groups roots by type in statement order and flattens the tree', () => {
    expect(byType(chart().data).map((g) => [g.type, g.nodes.map((n) => n.code)])).toEqual([
      ['asset', ['1100']],
      ['liability', ['2100']],
      ['equity', ['3100']],
      ['income', ['4100']],
      ['expense', ['6200']],
    ]);
    expect(flatten(chart().data)).toHaveLength(7);
    expect([...subtreeIds(currentAssets)]).toEqual(['acc-1100', 'acc-1110', 'acc-1115']);
  });
});
