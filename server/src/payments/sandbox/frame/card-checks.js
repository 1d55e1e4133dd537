// @ts-check
/**
 * The card checks of the sandbox's hosted fields, run in the buyer's browser as they type.
 * The same rules as checkCard in domain/payment/card.ts (SPEC 5), which the sandbox runs
 * again on the server; a property test (card-checks.unit.spec.ts) proves the two agree.
 * Plain JavaScript served as is: the gateway's frame loads nothing of the store's bundle.
 */

/** @typedef {'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown'} CardBrand */
/** @typedef {'number' | 'expMonth' | 'expYear' | 'securityCode'} CardField */
/** @typedef {'required' | 'numberInvalid' | 'expiryInvalid' | 'expired' | 'securityCodeInvalid'} CardFieldError */
/** @typedef {{ year: number, month: number }} CardMonth */

/** @param {string} number */
export function cardDigits(number) {
  return number.replace(/[\s-]/g, '');
}

/** @param {string} digits */
export function luhnValid(digits) {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/**
 * @param {string} digits
 * @returns {CardBrand}
 */
export function brandOf(digits) {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * @param {string} text
 * @param {CardMonth} today
 */
function expiryYear(text, today) {
  const year = /^\d{4}$/.test(text)
    ? Number(text)
    : /^\d{2}$/.test(text)
      ? 2000 + Number(text)
      : Number.NaN;
  return year >= 2000 && year <= Math.min(2099, today.year + 20) ? year : undefined;
}

/**
 * @param {Record<CardField, string>} input
 * @param {CardMonth} today
 * @returns {{ ok: true, card: { digits: string, brand: CardBrand, expMonth: number, expYear: number, securityCode: string } } | { ok: false, errors: Partial<Record<CardField, CardFieldError>> }}
 */
export function checkCard(input, today) {
  /** @type {Partial<Record<CardField, CardFieldError>>} */
  const errors = {};
  const number = input.number.trim();
  const digits = cardDigits(number);
  if (number === '') errors.number = 'required';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'numberInvalid';

  const monthText = input.expMonth.trim();
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : Number.NaN;
  if (monthText === '') errors.expMonth = 'required';
  else if (!(month >= 1 && month <= 12)) errors.expMonth = 'expiryInvalid';

  const yearText = input.expYear.trim();
  const year = expiryYear(yearText, today);
  if (yearText === '') errors.expYear = 'required';
  else if (year === undefined) errors.expYear = 'expiryInvalid';

  if (
    !errors.expMonth &&
    year !== undefined &&
    (year < today.year || (year === today.year && month < today.month))
  ) {
    errors.expMonth = 'expired';
  }

  const brand = brandOf(digits);
  const code = input.securityCode.trim();
  if (code === '') errors.securityCode = 'required';
  else if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(code)) {
    errors.securityCode = 'securityCodeInvalid';
  }

  if (Object.keys(errors).length > 0 || year === undefined) return { ok: false, errors };
  return { ok: true, card: { digits, brand, expMonth: month, expYear: year, securityCode: code } };
}
