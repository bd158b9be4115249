/**
 * Values a narrative names that are words, not data: document kinds, statuses, roles. A narrative
 * template marks them `{name:term}`; a value missing here is shown as it is.
 */
export const TERMS = {
  // document kinds
  invoice: { en: 'invoice', ar: 'فاتورة' },
  bill: { en: 'bill', ar: 'فاتورة مشتريات' },
  credit_note: { en: 'credit note', ar: 'إشعار دائن' },
  invoice_return: { en: 'credit note', ar: 'إشعار دائن' },
  payment: { en: 'payment', ar: 'دفعة' },
  expense: { en: 'expense', ar: 'مصروف' },
  journal_entry: { en: 'journal entry', ar: 'قيد يومية' },
  // document statuses
  draft: { en: 'draft', ar: 'مسودة' },
  confirmed: { en: 'confirmed', ar: 'مؤكدة' },
  posted: { en: 'posted', ar: 'مرحّل' },
  paid: { en: 'paid', ar: 'مدفوعة' },
  partially_paid: { en: 'partially paid', ar: 'مدفوعة جزئيًا' },
  cancelled: { en: 'cancelled', ar: 'ملغاة' },
  void: { en: 'void', ar: 'ملغاة' },
  voided: { en: 'voided', ar: 'ملغاة' },
  approved: { en: 'approved', ar: 'معتمد' },
  rejected: { en: 'rejected', ar: 'مرفوض' },
  pending: { en: 'pending', ar: 'قيد الانتظار' },
  submitted: { en: 'submitted', ar: 'مُرسل' },
  reversed: { en: 'reversed', ar: 'معكوس' },
  // roles
  owner: { en: 'owner', ar: 'مالك' },
  admin: { en: 'admin', ar: 'مسؤول' },
  member: { en: 'member', ar: 'عضو' },
  viewer: { en: 'viewer', ar: 'مشاهد' },
} as const satisfies Record<string, { en: string; ar: string }>;
