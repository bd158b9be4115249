/**
 * Journal memos and posting-line descriptions the posting engine writes.
 *
 * The English templates reproduce, word for word, the sentences the server wrote before
 * narratives (stored English text, CSV/PDF exports and API clients keep reading the same words).
 * What a person typed — an expense's description, a statement line's wording, a contact's name —
 * is a param and stays as written in both languages.
 */
export const LEDGER_NARRATIVES = {
  'ledger.reversal': { en: 'Reversal of {entry}', ar: 'عكس {entry}' },

  // Invoices and bills (documents/core.ts): the entry's memo and its lines.
  'ledger.invoice': { en: 'Invoice {number}', ar: 'الفاتورة {number}' },
  'ledger.invoice.tax': { en: 'Invoice {number} tax', ar: 'ضريبة الفاتورة {number}' },
  'ledger.invoice.special_tax': { en: 'Invoice {number} special tax', ar: 'الضريبة الخاصة على الفاتورة {number}' },
  'ledger.invoice.line': { en: 'Invoice {number} {description}', ar: 'الفاتورة {number}: {description}' },
  'ledger.bill': { en: 'Bill {number}', ar: 'فاتورة المشتريات {number}' },
  'ledger.bill.tax': { en: 'Bill {number} tax', ar: 'ضريبة فاتورة المشتريات {number}' },
  'ledger.bill.special_tax': { en: 'Bill {number} special tax', ar: 'الضريبة الخاصة على فاتورة المشتريات {number}' },
  'ledger.bill.line': { en: 'Bill {number} {description}', ar: 'فاتورة المشتريات {number}: {description}' },
  // Stock of tracked products (functions/src/inventory/stock.ts).
  'ledger.invoice.cost_of_goods': { en: 'Invoice {number} cost of goods sold', ar: 'تكلفة البضاعة المباعة بالفاتورة {number}' },
  'ledger.invoice.inventory': { en: 'Invoice {number} goods at cost', ar: 'بضاعة الفاتورة {number} بالتكلفة' },
  'ledger.bill.cost_of_goods': { en: 'Bill {number} cost of goods sold true-up', ar: 'تسوية تكلفة البضاعة المباعة بفاتورة المشتريات {number}' },
  'ledger.bill.inventory': { en: 'Bill {number} goods received', ar: 'بضاعة مستلمة بفاتورة المشتريات {number}' },
  'ledger.stock.adjustment': { en: 'Stock adjustment: {product}', ar: 'تسوية مخزون: {product}' },
  'ledger.stock.count': { en: 'Stock count: {product}', ar: 'جرد المخزون: {product}' },
  'ledger.stock.receipt': { en: 'Goods received: {product}', ar: 'بضاعة مستلمة: {product}' },
  'ledger.stock.reversal': { en: 'Reversal of a stock movement: {product}', ar: 'عكس حركة مخزون: {product}' },
  'ledger.stock.recost': { en: 'Stock re-costed after a back-dated movement: {product}', ar: 'إعادة احتساب تكلفة المخزون بعد حركة بتاريخ سابق: {product}' },

  // Credit notes (invoices/returns.ts).
  'ledger.credit_note': { en: 'Credit note {number} for invoice {invoice}', ar: 'إشعار دائن {number} على الفاتورة {invoice}' },
  'ledger.credit_note.tax': { en: 'Credit note {number} for invoice {invoice} tax', ar: 'ضريبة الإشعار الدائن {number} على الفاتورة {invoice}' },
  'ledger.credit_note.special_tax': {
    en: 'Credit note {number} for invoice {invoice} special tax',
    ar: 'الضريبة الخاصة على الإشعار الدائن {number} على الفاتورة {invoice}',
  },
  'ledger.credit_note.store_credit': {
    en: 'Credit note {number} for invoice {invoice}: store credit',
    ar: 'إشعار دائن {number} على الفاتورة {invoice}: رصيد دائن للعميل',
  },

  // Expenses (expenses/expenses.ts).
  'ledger.expense': { en: 'Expense: {description}', ar: 'مصروف: {description}' },
  'ledger.expense.reimbursable': { en: 'Expense reimbursable to {employee}: {description}', ar: 'مصروف يُردّ إلى {employee}: {description}' },
  'ledger.expense.input_tax': { en: '{description} — input tax', ar: 'ضريبة المدخلات — {description}' },
  'ledger.expense.owed_to': { en: 'Owed to {employee}', ar: 'مستحق لـ {employee}' },

  // Payments (payments/payments.ts).
  'ledger.payment.received': { en: 'Payment received from {contact}', ar: 'دفعة مقبوضة من {contact}' },
  'ledger.payment.sent': { en: 'Payment sent to {contact}', ar: 'دفعة مدفوعة إلى {contact}' },
  'ledger.payment.invoices': { en: 'Invoices {numbers}', ar: 'الفواتير {numbers}' },
  'ledger.payment.bills': { en: 'Bills {numbers}', ar: 'فواتير المشتريات {numbers}' },
  'ledger.payment.customer_credit': { en: 'Customer credit: {contact}', ar: 'رصيد دائن للعميل: {contact}' },
  'ledger.payment.supplier_advance': { en: 'Advance to supplier: {contact}', ar: 'دفعة مقدّمة للمورّد: {contact}' },
  'ledger.payment.void': { en: 'Void of payment {number}', ar: 'إلغاء الدفعة {number}' },

  // Bank accounts and reconciliation (bank-accounts/).
  'ledger.bank.opening_balance': { en: 'Opening balance of {account}', ar: 'الرصيد الافتتاحي لـ {account}' },
  'ledger.bank.opening_balance_withdrawn': {
    en: 'Opening balance of {account} withdrawn: bank account deleted',
    ar: 'سُحب الرصيد الافتتاحي لـ {account}: حُذف الحساب البنكي',
  },
  'ledger.bank.statement': { en: 'Bank statement: {description}', ar: 'كشف الحساب البنكي: {description}' },
  'ledger.bank.tax_on': { en: '{tax} on {description}', ar: '{tax} على {description}' },
  'ledger.bank.reconciliation_undone': { en: 'Reversal of {entry}: bank reconciliation undone', ar: 'عكس {entry}: أُلغيت المطابقة البنكية' },
} as const;
