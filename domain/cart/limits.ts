/** Limits of a cart line (design values; SPEC 5 gives none beyond "positive"). */

/** Largest quantity one cart line takes. */
export const MAX_LINE_QUANTITY = 9_999;
