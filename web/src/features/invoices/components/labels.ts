import type { DocumentLinesLabels } from '../../../components/document-lines-editor';
import { useTranslation } from 'react-i18next';

/** The lines editor speaks through the feature's own texts. */
export function useInvoiceLinesLabels(): DocumentLinesLabels {
  const { t } = useTranslation();
  return {
    caption: t('invoices.lines.caption'),
    lineNumber: t('invoices.lines.number'),
    product: t('invoices.lines.product'),
    noProduct: t('invoices.lines.noProduct'),
    description: t('invoices.lines.description'),
    account: t('invoices.lines.account'),
    chooseAccount: t('invoices.lines.chooseAccount'),
    quantity: t('invoices.lines.quantity'),
    unitPrice: t('invoices.lines.unitPrice'),
    discount: t('invoices.lines.discount'),
    discountType: t('invoices.lines.discountType'),
    discountAmount: t('invoices.lines.discountAmount'),
    discountPercent: t('invoices.lines.discountPercent'),
    tax: t('invoices.lines.tax'),
    noTax: t('invoices.lines.noTax'),
    specialTax: t('invoices.lines.specialTax'),
    noSpecialTax: t('invoices.lines.noSpecialTax'),
    specialTaxAmount: t('invoices.lines.specialTaxAmount'),
    specialTaxTotal: t('invoices.totals.specialTax'),
    net: t('invoices.lines.net'),
    taxAmount: t('invoices.lines.taxAmount'),
    lineTotal: t('invoices.lines.lineTotal'),
    addLine: t('invoices.lines.addLine'),
    actions: t('common.actions'),
    removeLine: (line) => t('invoices.lines.removeLine', { line }),
    fieldOfLine: (field, line) => t('invoices.lines.fieldOfLine', { field, line }),
    totalsCaption: t('invoices.totals.caption'),
    subtotal: t('invoices.totals.subtotal'),
    discountTotal: t('invoices.totals.discount'),
    netTotal: t('invoices.totals.net'),
    taxRow: ({ category, rate }) => (category === 'standard' ? t('invoices.totals.taxAt', { rate }) : t(`invoices.totals.categories.${category}`)),
    total: t('invoices.totals.total'),
    problems: {
      quantity: t('invoices.lines.problems.quantity'),
      unit_price: t('invoices.lines.problems.unitPrice'),
      discount: t('invoices.lines.problems.discount'),
      tax: t('invoices.lines.problems.tax'),
    },
  };
}
