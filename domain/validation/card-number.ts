/**
 * Card numbers where none belongs (issue 26, decision 045). A card number is typed only into
 * the payment gateway's own fields and never reaches the store (decision 026), but a buyer
 * may paste one into a name, an address line, a PO number or a note, or a client may send one
 * in place of the gateway's token. Every free-text field a buyer fills refuses a run of 12 to
 * 19 digits that passes the Luhn check, typed as people type card numbers: in one piece, or
 * in groups of four with spaces or hyphens between them (the last group shorter), or as
 * American Express and Diners Club cards are printed (4-6-5, 4-6-4). Such a request is
 * refused at the edge, so the number is kept nowhere: not in events, answers or logs.
 *
 * Other groupings are not taken for card numbers: phone numbers (`+44 20 7946 0958`), dates
 * and reference numbers grouped in threes or twos stay allowed. A 12- to 19-digit number in
 * one piece is refused one time in ten, whatever it is: that is the price of the rule.
 */

const MIN_DIGITS = 12;
const MAX_DIGITS = 19;

/** Digit groups joined by one space or hyphen each: how a number is typed. */
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;

/** Whether the Luhn (mod 10) check digit of a number holds (every card number's does). */
export function passesLuhn(digits: string): boolean {
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

/** Whether groups of these sizes are how a card number of their total is printed. */
function cardLayout(sizes: readonly number[]): boolean {
  const last = sizes.length - 1;
  const byFours = sizes.every((size, i) => (i < last ? size === 4 : size >= 1 && size <= 4));
  const amex = sizes.length === 3 && sizes[0] === 4 && sizes[1] === 6 && (sizes[2] ?? 0) >= 4;
  return byFours || amex;
}

/** Whether some consecutive groups of one run are a card number. */
function groupsHoldCard(groups: readonly string[]): boolean {
  for (let start = 0; start < groups.length; start += 1) {
    let digits = '';
    const sizes: number[] = [];
    for (let end = start; end < groups.length; end += 1) {
      const group = groups[end] ?? '';
      digits += group;
      sizes.push(group.length);
      if (digits.length > MAX_DIGITS) break;
      const inOnePiece = sizes.length === 1;
      if (digits.length >= MIN_DIGITS && (inOnePiece || cardLayout(sizes)) && passesLuhn(digits)) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Whether text holds a card number as people type one (see the top of this file). Full-width
 * digits and spaces (a Japanese keyboard's) count as their ASCII forms.
 */
export function containsCardNumber(text: string): boolean {
  const plain = /[^\x20-\x7e]/.test(text) ? text.normalize('NFKC') : text;
  for (const [run] of plain.matchAll(DIGIT_RUN)) {
    if (run.length >= MIN_DIGITS && groupsHoldCard(run.split(/[ -]/))) return true;
  }
  return false;
}
