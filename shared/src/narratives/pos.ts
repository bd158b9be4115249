/** What the till writes in the journal and the audit trail (functions/src/pos/). */
export const POS_NARRATIVES = {
  'ledger.pos.sale': { en: 'Till sale {number}', ar: 'بيع نقطة البيع {number}' },
  'ledger.pos.return': { en: 'Till return {number}', ar: 'مرتجع نقطة البيع {number}' },
  'ledger.pos.close': { en: 'Cash count of session at {terminal}', ar: 'جرد صندوق الوردية على {terminal}' },
  'ledger.pos.stock_cost': { en: 'Exact stock cost of till receipt {number}', ar: 'التكلفة الفعلية لمخزون إيصال نقطة البيع {number}' },
  'ledger.pos.store_credit': { en: 'Store credit for {customer}', ar: 'رصيد دائن للعميل {customer}' },
  'audit.pos.terminal_created': { en: 'Till "{name}" created', ar: 'أُنشئت نقطة البيع «{name}»' },
  'audit.pos.terminal_updated': { en: 'Till "{name}" changed', ar: 'عُدّلت نقطة البيع «{name}»' },
  'audit.pos.terminal_deleted': { en: 'Till "{name}" deleted', ar: 'حُذفت نقطة البيع «{name}»' },
  'audit.pos.session_opened': { en: 'Session opened on "{terminal}" with a float of {amount}', ar: 'فُتحت وردية على «{terminal}» برصيد افتتاحي {amount}' },
  'audit.pos.session_closed': { en: 'Session on "{terminal}" closed: cash difference {difference}', ar: 'أُغلقت الوردية على «{terminal}»: فرق النقد {difference}' },
  'audit.pos.sale': { en: 'Till sale {number} of {amount}', ar: 'بيع نقطة البيع {number} بمبلغ {amount}' },
  'audit.pos.return': { en: 'Till return {number} of {amount}', ar: 'مرتجع نقطة البيع {number} بمبلغ {amount}' },
  'audit.pos.store_credit': { en: 'Store credit of {amount} for {customer}', ar: 'رصيد دائن بمبلغ {amount} للعميل {customer}' },
} as const;
