/**
 * The stores that charge VAT (United Kingdom, Netherlands, Spain): their prices read
 * 'Excl. VAT' when the `vat` flag is on (SPEC 3, 9). A list of its own, apart from the
 * rates, so that every page's price can ask without loading the tax tables; a test checks
 * it against the rates (tax.unit.spec.ts).
 */
export const VAT_STORE_IDS: readonly string[] = ['ukassessments', 'nlassessments', 'esassessments'];

export function isVatStore(storeId: string): boolean {
  return VAT_STORE_IDS.includes(storeId);
}
