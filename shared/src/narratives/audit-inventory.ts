/** Audit summaries of stock movements made by hand (functions/src/inventory/). */
export const AUDIT_INVENTORY_NARRATIVES = {
  'audit.stock.adjusted': { en: 'Stock of "{product}" adjusted by {quantity} ({reason:term})', ar: 'عُدّل مخزون «{product}» بمقدار {quantity} ({reason:term})' },
  'audit.stock.counted': { en: 'Stock of {count} products counted', ar: 'جُرد مخزون {count} من الأصناف' },
  'audit.stock.received': { en: '{quantity} of "{product}" received at {unit_cost} each', ar: 'استُلم {quantity} من «{product}» بتكلفة {unit_cost} للوحدة' },
  'audit.stock.transferred': { en: '{quantity} of "{product}" transferred between locations', ar: 'نُقل {quantity} من «{product}» بين المواقع' },
  'audit.stock.reversed': { en: 'Stock movement {id} reversed', ar: 'عُكست حركة المخزون {id}' },
} as const;
