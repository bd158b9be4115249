/**
 * The `inventory-valuation` catalogue report: the stock on hand per product at cost on the date,
 * from the stock levels (functions/src/inventory/levels.ts: today's levels less what moved after
 * the date), beside the inventory accounts' balances in the ledger. The two agree to the fil when
 * every stock movement was posted at cost (the ledger's verification checks it); a difference is
 * shown, not hidden — an opening balance typed into the inventory account before stock was
 * recorded is the usual cause.
 */
import { accountBalances, normalBalance } from '../../ledger/balances.js';
import { byCode, loadChart } from '../../ledger/chart.js';
import { todayIn } from '../../ledger/dates.js';
import { valuation } from '../../inventory/levels.js';
import { tr, type ReportDefinition, type ReportRequest } from '../definition.js';
import { accountLabel, amount, asOfLabel, frame, type TaxReportTable } from './common.js';

export async function buildInventoryValuation(request: ReportRequest): Promise<TaxReportTable> {
  const { language: lang, organization, asOf } = request;
  const money = (minor: number) => amount(minor, organization.currency);
  const [chart, balances, stock] = await Promise.all([
    loadChart(organization.id),
    accountBalances(organization.id, { asOf }),
    valuation(organization.id, organization.currency, { asOf, today: todayIn(organization.timezone) }),
  ]);
  const lines = chart
    .filter((a) => a.subtype === 'inventory')
    .sort(byCode)
    .map((account) => ({ account, value: normalBalance(account.type, balances.get(account.id)) }));
  const ledgerTotal = lines.reduce((sum, line) => sum + line.value, 0);
  const stockTotal = stock.total_value_minor;

  const table = frame(request, 'inventory-valuation', tr(lang, 'Inventory Valuation', 'تقييم المخزون'), {
    period_label: asOfLabel(lang, asOf),
    from: null,
    to: asOf,
  });
  table.highlights.push({ label: tr(lang, 'Stock at cost', 'المخزون بالتكلفة'), value: money(stockTotal), kind: 'money' });
  table.highlights.push({ label: tr(lang, 'Inventory accounts', 'حسابات المخزون'), value: money(ledgerTotal), kind: 'money' });
  table.sections.push({
    title: tr(lang, 'Stock on hand', 'المخزون المتوفر'),
    columns: [
      { key: 'sku', label: tr(lang, 'SKU', 'رمز الصنف'), kind: 'text' },
      { key: 'product', label: tr(lang, 'Product', 'الصنف'), kind: 'text' },
      { key: 'quantity', label: tr(lang, 'Quantity', 'الكمية'), kind: 'text' },
      { key: 'unit_cost', label: tr(lang, 'Unit cost', 'تكلفة الوحدة'), kind: 'money' },
      { key: 'value', label: tr(lang, 'Value', 'القيمة'), kind: 'money' },
    ],
    rows: stock.rows.length
      ? [
          ...stock.rows.map((row) => ({
            cells: { sku: row.sku, product: (lang === 'ar' && row.name_ar) || row.name, quantity: row.quantity, unit_cost: row.unit_cost ?? '', value: row.value },
          })),
          { cells: { sku: '', product: tr(lang, 'Total stock', 'مجموع المخزون'), quantity: '', unit_cost: '', value: money(stockTotal) }, style: 'total' as const },
        ]
      : [],
    empty_text: tr(lang, 'No stock was on hand on this date.', 'لم يكن هناك مخزون متوفر في هذا التاريخ.'),
  });
  table.sections.push({
    title: tr(lang, 'Inventory accounts', 'حسابات المخزون'),
    columns: [
      { key: 'account', label: tr(lang, 'Account', 'الحساب'), kind: 'text' },
      { key: 'value', label: tr(lang, 'Value', 'القيمة'), kind: 'money' },
    ],
    rows: lines.length
      ? [
          ...lines.map((line) => ({ cells: { account: accountLabel(lang, line.account), value: money(line.value) } })),
          { cells: { account: tr(lang, 'Total inventory accounts', 'مجموع حسابات المخزون'), value: money(ledgerTotal) }, style: 'total' as const },
        ]
      : [],
    empty_text: tr(lang, 'The chart of accounts has no inventory account.', 'لا يحتوي دليل الحسابات على حساب مخزون.'),
  });
  table.notes.push(
    tr(
      lang,
      'Stock is valued at cost by the organization\'s method (FIFO or moving average), from the stock levels on this date.',
      'يُقيَّم المخزون بالتكلفة وفق طريقة المنشأة (الوارد أولاً صادر أولاً أو المتوسط المتحرك) من أرصدة المخزون في هذا التاريخ.',
    ),
  );
  if (stockTotal !== ledgerTotal) {
    table.notes.push(
      tr(
        lang,
        `The inventory accounts differ from the stock at cost by ${money(ledgerTotal - stockTotal)}: amounts booked to inventory without a stock movement (an opening balance, a bill line without a product) or stock received without a cost.`,
        `تختلف حسابات المخزون عن المخزون بالتكلفة بمقدار ${money(ledgerTotal - stockTotal)}: مبالغ قُيدت على المخزون دون حركة مخزون (رصيد افتتاحي أو بند فاتورة مشتريات بلا صنف) أو مخزون استُلم دون تكلفة.`,
      ),
    );
  }
  return table;
}

export const inventoryValuationReport: ReportDefinition = { id: 'inventory-valuation', build: buildInventoryValuation };
