/**
 * The `inventory-valuation` catalogue report. Daftar has no stock record yet: items (db/item.ts)
 * carry a title and a description, no quantity on hand and no cost, and no inventory movement is
 * stored. So the value is what the ledger holds — the inventory accounts' balances on the date,
 * from the balance items — and the notes say why no item is listed.
 */
import { accountBalances, normalBalance } from '../../ledger/balances.js';
import { byCode, loadChart } from '../../ledger/chart.js';
import { tr, type ReportDefinition, type ReportRequest } from '../definition.js';
import { accountLabel, amount, asOfLabel, frame, type TaxReportTable } from './common.js';

export async function buildInventoryValuation(request: ReportRequest): Promise<TaxReportTable> {
  const { language: lang, organization, asOf } = request;
  const money = (minor: number) => amount(minor, organization.currency);
  const [chart, balances] = await Promise.all([loadChart(organization.id), accountBalances(organization.id, { asOf })]);
  const lines = chart
    .filter((a) => a.subtype === 'inventory')
    .sort(byCode)
    .map((account) => ({ account, value: normalBalance(account.type, balances.get(account.id)) }));
  const total = lines.reduce((sum, line) => sum + line.value, 0);

  const table = frame(request, 'inventory-valuation', tr(lang, 'Inventory Valuation', 'تقييم المخزون'), {
    period_label: asOfLabel(lang, asOf),
    from: null,
    to: asOf,
  });
  table.highlights.push({ label: tr(lang, 'Inventory value', 'قيمة المخزون'), value: money(total), kind: 'money' });
  table.sections.push({
    title: tr(lang, 'Inventory accounts', 'حسابات المخزون'),
    columns: [
      { key: 'account', label: tr(lang, 'Account', 'الحساب'), kind: 'text' },
      { key: 'value', label: tr(lang, 'Value', 'القيمة'), kind: 'money' },
    ],
    rows: lines.length
      ? [
          ...lines.map((line) => ({ cells: { account: accountLabel(lang, line.account), value: money(line.value) } })),
          { cells: { account: tr(lang, 'Total inventory', 'مجموع المخزون'), value: money(total) }, style: 'total' as const },
        ]
      : [],
    empty_text: tr(lang, 'The chart of accounts has no inventory account.', 'لا يحتوي دليل الحسابات على حساب مخزون.'),
  });
  table.notes.push(
    tr(
      lang,
      'The value is the balance of the inventory accounts in the ledger on this date (purchases booked to inventory less what was moved out).',
      'القيمة هي رصيد حسابات المخزون في دفتر الأستاذ في هذا التاريخ (المشتريات المقيدة على المخزون مطروحاً منها ما أُخرج منه).',
    ),
    tr(
      lang,
      'No item-by-item valuation is listed: items do not yet record quantities on hand or unit costs, and no stock movements are kept.',
      'لا يُعرض تقييم لكل صنف: لا تسجل الأصناف حتى الآن الكميات المتوفرة أو تكلفة الوحدة، ولا تُحفظ حركات المخزون.',
    ),
  );
  return table;
}

export const inventoryValuationReport: ReportDefinition = { id: 'inventory-valuation', build: buildInventoryValuation };
