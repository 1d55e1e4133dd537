/**
 * `Omit` over each member of a union, so the union survives: `Omit<A | B, 'k'>` collapses
 * to the keys A and B share, which lets a caller build a command of no member at all.
 */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
