/** What layaways write in the journal and the audit trail (functions/src/layaway/). */
export const LAYAWAY_NARRATIVES = {
  'ledger.layaway.deposit': { en: 'Deposit on layaway {number}', ar: 'دفعة مقدمة على الحجز {number}' },
  'ledger.layaway.pickup': { en: 'Layaway {number} picked up', ar: 'استلام الحجز {number}' },
  'ledger.layaway.refund': { en: 'Deposits of cancelled layaway {number} refunded', ar: 'رد دفعات الحجز الملغى {number}' },
  'ledger.layaway.store_credit': { en: 'Deposits of cancelled layaway {number} turned into store credit', ar: 'تحويل دفعات الحجز الملغى {number} إلى رصيد للعميل' },
  'ledger.layaway.fee': { en: 'Cancellation fee of layaway {number}', ar: 'رسوم إلغاء الحجز {number}' },
  'audit.layaway.created': { en: 'Layaway {number} created for {customer}', ar: 'أُنشئ الحجز {number} للعميل {customer}' },
  'audit.layaway.updated': { en: 'Layaway {number} changed', ar: 'عُدّل الحجز {number}' },
  'audit.layaway.payment': { en: '{amount} paid on layaway {number}', ar: 'دُفع {amount} على الحجز {number}' },
  'audit.layaway.picked_up': { en: 'Layaway {number} picked up', ar: 'اُستلم الحجز {number}' },
  'audit.layaway.cancelled': { en: 'Layaway {number} cancelled: {reason}', ar: 'أُلغي الحجز {number}: {reason}' },
  'audit.layaway.reserved': { en: 'Items of layaway {number} reserved', ar: 'حُجزت أصناف الحجز {number} في المخزون' },
} as const;
