/**
 * Tax wording (SPEC 6, 9 flag VAT; decision 025): the names of the tax lines, 'Excl. VAT'
 * next to prices in the VAT stores, and why an order carries no tax.
 */
import type { MessageDescriptor } from '../shared/message';
import type { TaxKind } from './rates';

export const TAX_MESSAGES = {
  salesTax: /*i18n*/ { id: 'tax.sales-tax', message: 'Sales tax' },
  gst: /*i18n*/ { id: 'tax.gst', message: 'GST' },
  hst: /*i18n*/ { id: 'tax.hst', message: 'HST' },
  pst: /*i18n*/ { id: 'tax.pst', message: 'PST' },
  qst: /*i18n*/ { id: 'tax.qst', message: 'QST' },
  vat: /*i18n*/ { id: 'tax.vat', message: 'VAT' },
  consumptionTax: /*i18n*/ { id: 'tax.consumption-tax', message: 'Consumption tax' },
  /** Next to prices in the VAT stores when the `vat` flag is on (SPEC 3, 9). */
  exclVat: /*i18n*/ { id: 'tax.excl-vat', message: 'Excl. VAT' },
  /** SPEC 6: an organization with tax-exempt status is not charged tax. */
  exempt: /*i18n*/ { id: 'tax.exempt', message: 'Tax exempt' },
  export: /*i18n*/ { id: 'tax.export', message: 'No tax on exports' },
  addressNeeded: /*i18n*/ {
    id: 'tax.address-needed',
    message:
      'Tax is calculated from the delivery address, or the billing address when nothing ships.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** The name of each kind of tax line. */
export const TAX_KIND_LABELS = {
  'sales-tax': TAX_MESSAGES.salesTax,
  gst: TAX_MESSAGES.gst,
  hst: TAX_MESSAGES.hst,
  pst: TAX_MESSAGES.pst,
  qst: TAX_MESSAGES.qst,
  vat: TAX_MESSAGES.vat,
  'consumption-tax': TAX_MESSAGES.consumptionTax,
} as const satisfies Record<TaxKind, MessageDescriptor>;
