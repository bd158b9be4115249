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
  // stock adjustment reasons (shared/src/schemas/inventory.ts ADJUSTMENT_REASONS)
  damaged: { en: 'damaged', ar: 'تالف' },
  expired: { en: 'expired', ar: 'منتهي الصلاحية' },
  theft: { en: 'theft', ar: 'سرقة' },
  found: { en: 'found', ar: 'عُثر عليه' },
  correction: { en: 'correction', ar: 'تصحيح' },
  sample: { en: 'sample', ar: 'عينة' },
  other: { en: 'other', ar: 'أخرى' },
  // currencies: Arabic prose names the dinar by its sign, as the amounts on every screen do
  JOD: { en: 'JOD', ar: 'د.أ.' },
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
  // onboarding steps (the wizard's titles)
  organization_profile: { en: 'organization profile', ar: 'ملف المؤسسة' },
  fiscal_year: { en: 'fiscal year', ar: 'السنة المالية' },
  taxpayer_track: { en: 'tax registration', ar: 'التسجيل الضريبي' },
  invite_team: { en: 'invite your team', ar: 'دعوة فريقك' },
  // accounting: invoice and budget statuses
  sent: { en: 'sent', ar: 'مُرسلة' },
  active: { en: 'active', ar: 'نشطة' },
  closed: { en: 'closed', ar: 'مغلقة' },
  // accounting: payment methods
  cash: { en: 'cash', ar: 'نقدًا' },
  bank_transfer: { en: 'bank transfer', ar: 'تحويل بنكي' },
  cheque: { en: 'cheque', ar: 'شيك' },
  card: { en: 'card', ar: 'بطاقة' },
  cliq: { en: 'CliQ', ar: 'كليك' },
  // accounting: tax categories
  standard: { en: 'standard', ar: 'النسبة العامة' },
  zero_rated: { en: 'zero-rated', ar: 'نسبة صفرية' },
  exempt: { en: 'exempt', ar: 'معفاة' },
  special: { en: 'special', ar: 'ضريبة خاصة' },
  // accounting: category and contact types
  product: { en: 'product', ar: 'منتجات' },
  service: { en: 'service', ar: 'خدمات' },
  income: { en: 'income', ar: 'إيرادات' },
  customer: { en: 'customer', ar: 'عميل' },
  supplier: { en: 'supplier', ar: 'مورّد' },
  both: { en: 'customer and supplier', ar: 'عميل ومورّد' },
} as const satisfies Record<string, { en: string; ar: string }>;
