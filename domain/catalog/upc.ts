/**
 * UPC-A codes (GTIN-12) of the catalog's products, shown with the `upc` flag (SPEC 9,
 * decision 058): eleven digits and a check digit, the odd positions weighted three.
 */

export const UPC_PATTERN = /^\d{12}$/;

/** The check digit of a UPC-A code's first eleven digits. */
export function upcCheckDigit(first11: string): number {
  if (!/^\d{11}$/.test(first11)) throw new Error('A UPC-A code has eleven digits before its check');
  let sum = 0;
  for (let i = 0; i < 11; i += 1) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Whether a text is a whole UPC-A code with the right check digit. */
export function isUpc(text: string): boolean {
  return UPC_PATTERN.test(text) && upcCheckDigit(text.slice(0, 11)) === Number(text[11]);
}

/** The code from a number system digit, a company prefix and an item number. */
export function upcOf(companyPrefix: string, item: number): string {
  const body = `${companyPrefix}${String(item).padStart(11 - companyPrefix.length, '0')}`;
  return `${body}${upcCheckDigit(body)}`;
}
