/**
 * Audit summaries of the accounting side: documents (invoices, bills, credit notes), payments,
 * expenses, the journal and its periods, budgets, bank accounts, taxes, the chart of accounts,
 * categories, contacts, items, e-invoicing and report exports.
 *
 * Where today's English sentence had an optional clause ("… as the default tax", "(cc …)"), the
 * clause is its own key rather than a param: a param is inserted as written, so an English clause
 * would show untranslated in the Arabic sentence. Lists of field names and the "used by …" lists
 * stay params (they are identifiers, not prose).
 */
export const AUDIT_ACCOUNTING_NARRATIVES = {
  // Documents of any kind (invoice, bill): the shared routes and the confirmation.
  'audit.document.status': { en: 'Status of {kind:term} {number}: {from:term} → {to:term}', ar: 'حالة {kind:term} {number}: من {from:term} إلى {to:term}' },
  'audit.document.created': {
    en: 'Draft {kind:term} created for {total} {currency:term} ({lines} lines)',
    ar: 'أُنشئت مسودة {kind:term} بمبلغ {total} {currency:term} (عدد البنود: {lines})',
  },
  'audit.document.updated': { en: 'Draft {kind:term} updated ({fields})', ar: 'عُدّلت مسودة {kind:term} (الحقول: {fields})' },
  'audit.document.replaced': {
    en: 'Draft {kind:term} replaced with {lines} lines, total {total} {currency:term}',
    ar: 'استُبدلت بنود مسودة {kind:term}: عدد البنود {lines}، والإجمالي {total} {currency:term}',
  },
  'audit.document.deleted': { en: 'Draft {kind:term} deleted ({total} {currency:term})', ar: 'حُذفت مسودة {kind:term} ({total} {currency:term})' },
  'audit.document.line_added': { en: 'Line "{description}" added to a draft {kind:term}', ar: 'أُضيف البند «{description}» إلى مسودة {kind:term}' },
  'audit.document.line_updated': { en: 'Line "{description}" of a draft {kind:term} changed', ar: 'عُدّل البند «{description}» في مسودة {kind:term}' },
  'audit.document.line_removed': { en: 'Line removed from a draft {kind:term}', ar: 'حُذف بند من مسودة {kind:term}' },
  'audit.invoice.confirmed': { en: 'Invoice {number} confirmed and posted: {total} {currency:term}', ar: 'أُكّدت الفاتورة {number} ورُحّلت: {total} {currency:term}' },
  'audit.bill.confirmed': { en: 'Bill {number} confirmed and posted: {total} {currency:term}', ar: 'أُكّدت فاتورة المشتريات {number} ورُحّلت: {total} {currency:term}' },

  // Invoices and credit notes.
  'audit.invoice.duplicated': { en: 'Draft invoice created as a copy of invoice {source}', ar: 'أُنشئت مسودة فاتورة نسخةً من الفاتورة {source}' },
  'audit.invoice.sent': { en: 'Invoice {number} e-mailed to {to}', ar: 'أُرسلت الفاتورة {number} بالبريد الإلكتروني إلى {to}' },
  'audit.invoice.sent_cc': {
    en: 'Invoice {number} e-mailed to {to} (cc {cc})',
    ar: 'أُرسلت الفاتورة {number} بالبريد الإلكتروني إلى {to} (مع نسخة إلى {cc})',
  },
  'audit.invoice.returned': {
    en: 'Credit note {number} for invoice {invoice}: {total} {currency:term} ({applied} off the balance, {store_credit} store credit)',
    ar: 'إشعار دائن {number} على الفاتورة {invoice}: {total} {currency:term} ({applied} خُصمت من رصيدها، و{store_credit} رصيد دائن للعميل)',
  },

  // Payments. A payment received settles invoices and leaves customer credit; one sent settles bills and leaves a supplier advance.
  'audit.payment.received': {
    en: 'Payment {number} received: {amount} {currency:term} by {method:term}, settling {documents}',
    ar: 'قُبضت الدفعة {number}: {amount} {currency:term} ({method:term}) سدادًا للفواتير {documents}',
  },
  'audit.payment.received_partly': {
    en: 'Payment {number} received: {amount} {currency:term} by {method:term}, settling {documents}; {unallocated} kept as customer credit',
    ar: 'قُبضت الدفعة {number}: {amount} {currency:term} ({method:term}) سدادًا للفواتير {documents}؛ وبقي {unallocated} رصيدًا دائنًا للعميل',
  },
  'audit.payment.received_unallocated': {
    en: 'Payment {number} received: {amount} {currency:term} by {method:term}; {unallocated} kept as customer credit',
    ar: 'قُبضت الدفعة {number}: {amount} {currency:term} ({method:term})؛ وبقي {unallocated} رصيدًا دائنًا للعميل',
  },
  'audit.payment.sent': {
    en: 'Payment {number} sent: {amount} {currency:term} by {method:term}, settling {documents}',
    ar: 'دُفعت الدفعة {number}: {amount} {currency:term} ({method:term}) سدادًا لفواتير المشتريات {documents}',
  },
  'audit.payment.sent_partly': {
    en: 'Payment {number} sent: {amount} {currency:term} by {method:term}, settling {documents}; {unallocated} kept as supplier advance',
    ar: 'دُفعت الدفعة {number}: {amount} {currency:term} ({method:term}) سدادًا لفواتير المشتريات {documents}؛ وبقي {unallocated} دفعةً مقدّمة للمورّد',
  },
  'audit.payment.sent_unallocated': {
    en: 'Payment {number} sent: {amount} {currency:term} by {method:term}; {unallocated} kept as supplier advance',
    ar: 'دُفعت الدفعة {number}: {amount} {currency:term} ({method:term})؛ وبقي {unallocated} دفعةً مقدّمة للمورّد',
  },
  'audit.payment.updated': { en: 'Payment {number}: {fields} changed', ar: 'عُدّلت الدفعة {number} (الحقول: {fields})' },
  'audit.payment.unchanged': { en: 'Payment {number}: nothing changed', ar: 'الدفعة {number}: لم يتغير شيء' },
  'audit.payment.voided': {
    en: 'Payment {number} voided ({amount} {currency:term}); its allocations were undone',
    ar: 'أُلغيت الدفعة {number} ({amount} {currency:term})، وأُلغي تخصيصها للمستندات',
  },

  // Expenses and their categories.
  'audit.expense_category.created': { en: 'Expense category "{name}" created', ar: 'أُنشئ تصنيف المصروفات «{name}»' },
  'audit.expense_category.updated': { en: 'Expense category "{name}" updated ({fields})', ar: 'عُدّل تصنيف المصروفات «{name}» (الحقول: {fields})' },
  'audit.expense_category.unchanged': { en: 'Expense category "{name}" updated', ar: 'عُدّل تصنيف المصروفات «{name}»' },
  'audit.expense_category.deactivated': {
    en: 'Expense category "{name}" deactivated instead of deleted (used by {references})',
    ar: 'عُطّل تصنيف المصروفات «{name}» بدلًا من حذفه (مستخدم في: {references})',
  },
  'audit.expense_category.deleted': { en: 'Expense category "{name}" deleted', ar: 'حُذف تصنيف المصروفات «{name}»' },
  'audit.expense.created': { en: 'Draft expense "{description}" filed: {amount} {currency:term}', ar: 'سُجّلت مسودة مصروف «{description}»: {amount} {currency:term}' },
  'audit.expense.created_reimbursable': {
    en: 'Draft expense "{description}" filed: {amount} {currency:term} (reimbursable)',
    ar: 'سُجّلت مسودة مصروف «{description}»: {amount} {currency:term} (قابل للاسترداد)',
  },
  'audit.expense.updated': { en: 'Expense "{description}" changed ({fields})', ar: 'عُدّل المصروف «{description}» (الحقول: {fields})' },
  'audit.expense.unchanged': { en: 'Expense "{description}" changed', ar: 'عُدّل المصروف «{description}»' },
  'audit.expense.draft_deleted': { en: 'Draft expense "{description}" deleted ({amount} {currency:term})', ar: 'حُذفت مسودة المصروف «{description}» ({amount} {currency:term})' },
  'audit.expense.rejected_deleted': {
    en: 'Rejected expense "{description}" deleted ({amount} {currency:term})',
    ar: 'حُذف المصروف المرفوض «{description}» ({amount} {currency:term})',
  },
  'audit.expense.submitted': { en: 'Expense "{description}" submitted for approval', ar: 'قُدّم المصروف «{description}» للاعتماد' },
  'audit.expense.approved': { en: 'Expense "{description}" approved and posted: {amount} {currency:term}', ar: 'اعتُمد المصروف «{description}» ورُحّل: {amount} {currency:term}' },
  'audit.expense.rejected': { en: 'Expense "{description}" rejected: {reason}', ar: 'رُفض المصروف «{description}»: {reason}' },

  // The journal and accounting periods.
  'audit.journal_entry.saved_draft': {
    en: 'Journal entry draft {id} dated {date} for {total} {currency:term} saved as draft',
    ar: 'حُفظ قيد اليومية {id} بتاريخ {date} بمبلغ {total} {currency:term} كمسودة',
  },
  'audit.journal_entry.posted': {
    en: 'Journal entry {entry} dated {date} for {total} {currency:term} posted',
    ar: 'رُحّل قيد اليومية {entry} بتاريخ {date} بمبلغ {total} {currency:term}',
  },
  'audit.journal_entry.deleted': {
    en: 'Draft journal entry dated {date} for {total} {currency:term} deleted',
    ar: 'حُذفت مسودة قيد يومية بتاريخ {date} بمبلغ {total} {currency:term}',
  },
  'audit.journal_entry.reversed': { en: 'Journal entry {entry} reversed by {reversal} dated {date}', ar: 'عُكس قيد اليومية {entry} بالقيد {reversal} بتاريخ {date}' },
  'audit.accounting_period.created': {
    en: 'Accounting period {name} ({start} – {end}) created',
    ar: 'أُنشئت الفترة المحاسبية {name} (من {start} إلى {end})',
  },
  'audit.accounting_period.closed': {
    en: 'Accounting period {name} closed; books closed through {end}',
    ar: 'أُقفلت الفترة المحاسبية {name}؛ والدفاتر مقفلة حتى {end}',
  },
  'audit.accounting_period.reopened': { en: 'Accounting period {name} reopened', ar: 'أُعيد فتح الفترة المحاسبية {name}' },

  // Budgets.
  'audit.budget.created': {
    en: 'Budget "{name}" ({year}) created ({status:term}, {lines} lines)',
    ar: 'أُنشئت الموازنة «{name}» ({year}) بحالة {status:term} (عدد البنود: {lines})',
  },
  'audit.budget.updated': { en: 'Budget "{name}" ({year}) updated ({fields})', ar: 'عُدّلت الموازنة «{name}» ({year}) (الحقول: {fields})' },
  'audit.budget.unchanged': { en: 'Budget "{name}" ({year}) updated', ar: 'عُدّلت الموازنة «{name}» ({year})' },
  'audit.budget.deleted': { en: 'Budget "{name}" ({year}) deleted ({lines} lines)', ar: 'حُذفت الموازنة «{name}» ({year}) (عدد البنود: {lines})' },
  'audit.budget.totals_calculated': {
    en: 'Budget "{name}" ({year}) totals calculated: income {income}, expense {expense}, net {net}',
    ar: 'حُسبت إجماليات الموازنة «{name}» ({year}): الإيرادات {income}، والمصروفات {expense}، والصافي {net}',
  },
  'audit.budget.line_added': {
    en: 'Line {code} {account} ({total}) added to budget "{name}" ({year})',
    ar: 'أُضيف بند الحساب {code} {account} ({total}) إلى الموازنة «{name}» ({year})',
  },
  'audit.budget.line_updated': {
    en: 'Line {code} {account} of budget "{name}" ({year}) changed (total {total})',
    ar: 'عُدّل بند الحساب {code} {account} في الموازنة «{name}» ({year}) (الإجمالي {total})',
  },
  'audit.budget.line_removed': {
    en: 'Line {code} {account} removed from budget "{name}" ({year})',
    ar: 'حُذف بند الحساب {code} {account} من الموازنة «{name}» ({year})',
  },

  // Bank accounts, statement lines and reconciliation.
  'audit.bank_account.created': { en: 'Bank account "{name}" ({bank}) created', ar: 'أُنشئ الحساب البنكي «{name}» ({bank})' },
  'audit.bank_account.created_opening': {
    en: 'Bank account "{name}" ({bank}) created, opening balance {amount} {currency:term} posted',
    ar: 'أُنشئ الحساب البنكي «{name}» ({bank}) ورُحّل رصيده الافتتاحي {amount} {currency:term}',
  },
  'audit.bank_account.updated': { en: 'Bank account "{name}" updated ({fields})', ar: 'عُدّل الحساب البنكي «{name}» (الحقول: {fields})' },
  'audit.bank_account.unchanged': { en: 'Bank account "{name}" updated (no change)', ar: 'الحساب البنكي «{name}»: لم يتغير شيء' },
  'audit.bank_account.deleted': { en: 'Bank account "{name}" deleted', ar: 'حُذف الحساب البنكي «{name}»' },
  'audit.bank_account.deleted_reversed': {
    en: 'Bank account "{name}" deleted and its opening balance reversed',
    ar: 'حُذف الحساب البنكي «{name}» وعُكس رصيده الافتتاحي',
  },
  'audit.bank_transaction.created': {
    en: 'Statement line {date} {amount} {currency:term} "{description}" added to {bank}',
    ar: 'أُضيف سطر كشف الحساب {date} {amount} {currency:term} «{description}» إلى {bank}',
  },
  'audit.bank_statement.imported': {
    en: 'Statement imported into {bank}: {imported} new lines ({amount} {currency:term}), {skipped} already there',
    ar: 'استُورد كشف حساب إلى {bank}: أسطر جديدة {imported} ({amount} {currency:term})، وأسطر موجودة مسبقًا {skipped}',
  },
  'audit.bank_statement.imported_file': {
    en: 'Statement "{file}" imported into {bank}: {imported} new lines ({amount} {currency:term}), {skipped} already there',
    ar: 'استُورد كشف الحساب «{file}» إلى {bank}: أسطر جديدة {imported} ({amount} {currency:term})، وأسطر موجودة مسبقًا {skipped}',
  },
  'audit.bank_transaction.reconciled_new': {
    en: 'Statement line {date} {amount} {currency:term} reconciled with new journal entry {entry}',
    ar: 'طوبق سطر كشف الحساب {date} {amount} {currency:term} مع قيد يومية جديد {entry}',
  },
  'audit.bank_transaction.reconciled_existing': {
    en: 'Statement line {date} {amount} {currency:term} reconciled with existing journal entry {entry}',
    ar: 'طوبق سطر كشف الحساب {date} {amount} {currency:term} مع قيد اليومية القائم {entry}',
  },
  'audit.bank_transaction.unreconciled': {
    en: 'Statement line {date} {amount} {currency:term} unreconciled from journal entry {entry}',
    ar: 'أُلغيت مطابقة سطر كشف الحساب {date} {amount} {currency:term} مع قيد اليومية {entry}',
  },
  'audit.bank_transaction.unreconciled_reversed': {
    en: 'Statement line {date} {amount} {currency:term} unreconciled from journal entry {entry} (entry reversed)',
    ar: 'أُلغيت مطابقة سطر كشف الحساب {date} {amount} {currency:term} مع قيد اليومية {entry} (وعُكس القيد)',
  },

  // Taxes.
  'audit.tax.created': { en: 'Tax "{name}" ({category:term} {rate}%) created', ar: 'أُنشئت الضريبة «{name}» ({category:term} {rate}٪)' },
  'audit.tax.created_default': {
    en: 'Tax "{name}" ({category:term} {rate}%) created as the default tax',
    ar: 'أُنشئت الضريبة «{name}» ({category:term} {rate}٪) ضريبةً افتراضية',
  },
  'audit.tax.updated': { en: 'Tax "{name}" updated ({fields})', ar: 'عُدّلت الضريبة «{name}» (الحقول: {fields})' },
  'audit.tax.unchanged': { en: 'Tax "{name}" updated (no change)', ar: 'الضريبة «{name}»: لم يتغير شيء' },
  'audit.tax.deactivated': {
    en: 'Tax "{name}" deactivated instead of deleted (used by {references})',
    ar: 'عُطّلت الضريبة «{name}» بدلًا من حذفها (مستخدمة في: {references})',
  },
  'audit.tax.deleted': { en: 'Tax "{name}" deleted', ar: 'حُذفت الضريبة «{name}»' },
  'audit.tax.jordan_gst_setup': {
    en: 'Jordan GST set up: {created} taxes created, {existing} already present',
    ar: 'أُعدّت ضريبة المبيعات العامة الأردنية: ضرائب جديدة {created}، وموجودة مسبقًا {existing}',
  },
  'audit.tax.jordan_gst_setup_number': {
    en: 'Jordan GST set up: {created} taxes created, {existing} already present, GST registration number {number}',
    ar: 'أُعدّت ضريبة المبيعات العامة الأردنية: ضرائب جديدة {created}، وموجودة مسبقًا {existing}، ورقم التسجيل الضريبي {number}',
  },
  'audit.tax.jordan_gst_unchanged': {
    en: 'Jordan GST setup: every tax of the set already present, nothing changed',
    ar: 'إعداد ضريبة المبيعات العامة الأردنية: كل ضرائبها موجودة مسبقًا، ولم يتغير شيء',
  },

  // The chart of accounts.
  'audit.account.created': { en: 'Account {code} "{name}" created', ar: 'أُنشئ الحساب {code} «{name}»' },
  'audit.account.updated': { en: 'Account {code} "{name}" updated ({fields})', ar: 'عُدّل الحساب {code} «{name}» (الحقول: {fields})' },
  'audit.account.deleted': { en: 'Account {code} "{name}" deleted', ar: 'حُذف الحساب {code} «{name}»' },

  // Categories.
  'audit.category.created': { en: 'Category "{name}" ({type:term}) created', ar: 'أُنشئ التصنيف «{name}» ({type:term})' },
  'audit.category.created_sub': { en: 'Category "{name}" ({type:term}) created as a sub-category', ar: 'أُنشئ التصنيف «{name}» ({type:term}) تصنيفًا فرعيًا' },
  'audit.category.updated': { en: 'Category "{name}" updated ({fields})', ar: 'عُدّل التصنيف «{name}» (الحقول: {fields})' },
  'audit.category.moved_under': {
    en: 'Category "{name}" moved under another category ({fields})',
    ar: 'نُقل التصنيف «{name}» إلى تحت تصنيف آخر (الحقول: {fields})',
  },
  'audit.category.moved_top': { en: 'Category "{name}" moved to the top level ({fields})', ar: 'نُقل التصنيف «{name}» إلى المستوى الأعلى (الحقول: {fields})' },
  'audit.category.deactivated': {
    en: 'Category "{name}" deactivated instead of deleted (used by {references})',
    ar: 'عُطّل التصنيف «{name}» بدلًا من حذفه (مستخدم في: {references})',
  },
  'audit.category.deleted': { en: 'Category "{name}" ({type:term}) deleted', ar: 'حُذف التصنيف «{name}» ({type:term})' },

  // Contacts.
  'audit.contact.created': { en: 'Contact "{name}" ({type:term}) created', ar: 'أُنشئت جهة الاتصال «{name}» ({type:term})' },
  'audit.contact.updated': { en: 'Contact "{name}" updated ({fields})', ar: 'عُدّلت جهة الاتصال «{name}» (الحقول: {fields})' },
  'audit.contact.deactivated': {
    en: 'Contact "{name}" deactivated instead of deleted (used by {references})',
    ar: 'عُطّلت جهة الاتصال «{name}» بدلًا من حذفها (مستخدمة في: {references})',
  },
  'audit.contact.deleted': { en: 'Contact "{name}" deleted', ar: 'حُذفت جهة الاتصال «{name}»' },

  // Items.
  'audit.item.created': { en: 'Item "{title}" created', ar: 'أُنشئ الصنف «{title}»' },
  'audit.item.updated': { en: 'Item "{title}" updated', ar: 'عُدّل الصنف «{title}»' },
  'audit.item.deleted': { en: 'Item "{title}" deleted', ar: 'حُذف الصنف «{title}»' },

  // E-invoicing (JoFotara).
  'audit.einvoice.invoice_queued': {
    en: 'Invoice {number} queued for JoFotara ({code}/{type}, ICV {icv})',
    ar: 'أُدرجت الفاتورة {number} في قائمة الإرسال إلى جوفوترة ({code}/{type}، العدّاد ICV {icv})',
  },
  'audit.einvoice.invoice_resubmitted': {
    en: 'Invoice {number} queued for JoFotara ({code}/{type}, ICV {icv}), submitted again',
    ar: 'أُعيد إدراج الفاتورة {number} في قائمة الإرسال إلى جوفوترة ({code}/{type}، العدّاد ICV {icv})',
  },
  'audit.einvoice.return_queued': {
    en: 'Return {number} queued for JoFotara ({code}/{type}, ICV {icv})',
    ar: 'أُدرج إشعار الدائن {number} في قائمة الإرسال إلى جوفوترة ({code}/{type}، العدّاد ICV {icv})',
  },
  'audit.einvoice.return_resubmitted': {
    en: 'Return {number} queued for JoFotara ({code}/{type}, ICV {icv}), submitted again',
    ar: 'أُعيد إدراج إشعار الدائن {number} في قائمة الإرسال إلى جوفوترة ({code}/{type}، العدّاد ICV {icv})',
  },
  'audit.einvoicing.settings_created': { en: 'E-invoicing settings created: {fields}', ar: 'أُنشئت إعدادات الفوترة الإلكترونية (الحقول: {fields})' },
  'audit.einvoicing.settings_created_empty': { en: 'E-invoicing settings created: no fields', ar: 'أُنشئت إعدادات الفوترة الإلكترونية دون حقول' },
  'audit.einvoicing.settings_updated': { en: 'E-invoicing settings updated: {fields}', ar: 'عُدّلت إعدادات الفوترة الإلكترونية (الحقول: {fields})' },
  'audit.einvoicing.connection_passed': {
    en: 'JoFotara connection check passed (credentials not verified by the portal)',
    ar: 'نجح فحص الاتصال بجوفوترة (لم تتحقق البوابة من بيانات الاعتماد)',
  },
  'audit.einvoicing.connection_failed': { en: 'JoFotara connection check failed: {checks}', ar: 'فشل فحص الاتصال بجوفوترة: {checks}' },

  // Report exports.
  'audit.report.exported_one': { en: 'Exported 1 report as {format} ({from} – {to})', ar: 'صُدّر تقرير واحد بصيغة {format} (من {from} إلى {to})' },
  'audit.report.exported_many': {
    en: 'Exported {count} reports as {format} ({from} – {to})',
    ar: 'صُدّرت التقارير ({count}) بصيغة {format} (من {from} إلى {to})',
  },
} as const;
