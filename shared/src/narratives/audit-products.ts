/** Audit summaries of the catalogue (products and services). */
export const AUDIT_PRODUCT_NARRATIVES = {
  'audit.product.created': { en: 'Catalogue {type:term} "{name}" ({sku}) added', ar: 'أُضيف «{name}» ({sku}) إلى الكتالوج ({type:term})' },
  'audit.product.updated': { en: 'Catalogue item "{name}" ({sku}) updated ({fields})', ar: 'عُدّل صنف الكتالوج «{name}» ({sku}) (الحقول: {fields})' },
  'audit.product.deleted': { en: 'Catalogue item "{name}" ({sku}) deleted', ar: 'حُذف صنف الكتالوج «{name}» ({sku})' },
  'audit.product_import.started': { en: 'Catalogue import of "{file}" started ({rows} rows)', ar: 'بدأ استيراد الكتالوج من «{file}» ({rows} صفاً)' },
  'audit.product_import.dry_run': { en: 'Catalogue import of "{file}" checked without writing ({rows} rows)', ar: 'فُحص ملف استيراد الكتالوج «{file}» دون حفظ ({rows} صفاً)' },
} as const;
