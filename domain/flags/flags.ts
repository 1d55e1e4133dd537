/**
 * Every feature flag of SPEC 9 with its default: all off except the quote PDF download
 * upgrade. Keys are the flag keys in the flag service (LaunchDarkly or the local flag file).
 */

export const FLAG_DEFAULTS = {
  'line3-address': false,
  upc: false,
  'order-history': false,
  'address-book': false,
  vat: false,
  'qualifications-list': false,
  'address-doctor': false,
  ofac: false,
  'bank-transfer': false,
  tpp: false,
  'image-capability': false,
  'org-level-discount': false,
  'sso-username-field': false,
  'checkout-recaptcha': false,
  'editable-header-footer': false,
  'po-threshold': false,
  'checkout-retry': false,
  'po-for-spain': false,
  sso: false,
  'sso-server-session': false,
  'quote-pdf-download-upgrade': true,
} as const satisfies Record<string, boolean>;

export type FlagKey = keyof typeof FLAG_DEFAULTS;

export type FlagValues = Readonly<Record<FlagKey, boolean>>;

export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];

export function isFlagKey(key: string): key is FlagKey {
  return Object.hasOwn(FLAG_DEFAULTS, key);
}

/**
 * The flags in force: the defaults, overridden by whatever the flag service said. Values of
 * unknown keys or of the wrong type are ignored, so a bad flag file cannot turn a feature
 * into something that is not a boolean.
 */
export function resolveFlags(evaluated: Readonly<Record<string, unknown>> = {}): FlagValues {
  const flags: Record<FlagKey, boolean> = { ...FLAG_DEFAULTS };
  for (const key of FLAG_KEYS) {
    const value = evaluated[key];
    if (typeof value === 'boolean') flags[key] = value;
  }
  return flags;
}
