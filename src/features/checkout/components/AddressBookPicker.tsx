/**
 * Addresses on the checkout steps (SPEC 2.6): an address as people read it, the buyer's
 * address book as radios (the default for this use first) ending with 'Enter a new
 * address', the address already chosen with its 'Change' button, and the address steps'
 * Back and Continue. A saved address becomes the checkout's address as it is, so the
 * decider checks it with the form's rules.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import type { CheckoutAddress } from '../../../../domain/checkout/state';
import { stepsFor, type CheckoutStepId } from '../../../../domain/checkout/steps';
import type { SavedAddress } from '../../../../domain/customer/address-book';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { stepPath } from '../checkout-paths';
import { useStepLabel } from '../hooks/use-step-label';
import '../address.css';

/** The radio key of 'Enter a new address'. */
export const NEW_ADDRESS = 'new';

export function savedAddressKey(id: string): string {
  return `saved:${id}`;
}

export type AddressUse = 'shipping' | 'billing';

/** The book with the default address for this use first, the others in their own order. */
export function sortedAddressBook(
  book: readonly SavedAddress[],
  use: AddressUse,
): readonly SavedAddress[] {
  const isDefault = (a: SavedAddress) =>
    use === 'shipping' ? a.defaultShipping : a.defaultBilling;
  return [...book.filter(isDefault), ...book.filter((a) => !isDefault(a))];
}

/**
 * A saved address as the checkout stores it. Line 3 goes with it only while the line3
 * address flag is on: with the flag off the checkout has no third line (SPEC 9).
 */
export function checkoutAddressOf(saved: SavedAddress, line3Enabled: boolean): CheckoutAddress {
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    ...(saved.organization ? { organization: saved.organization } : {}),
    line1: saved.line1,
    ...(saved.line2 ? { line2: saved.line2 } : {}),
    ...(line3Enabled && saved.line3 ? { line3: saved.line3 } : {}),
    town: saved.town,
    ...(saved.region ? { region: saved.region } : {}),
    postalCode: saved.postalCode,
    country: saved.country,
    ...(saved.phone ? { phone: saved.phone } : {}),
  };
}

const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'organization',
  'line1',
  'line2',
  'line3',
  'town',
  'region',
  'postalCode',
  'country',
  'phone',
] as const satisfies readonly (keyof CheckoutAddress)[];

const comparable = (text: string | undefined) =>
  (text ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/** The same address, whatever the case and spacing it was written in. */
export function sameAddress(a: CheckoutAddress, b: CheckoutAddress): boolean {
  return ADDRESS_FIELDS.every((field) => comparable(a[field]) === comparable(b[field]));
}

/** The radio that shows this address: its entry in the book, else a new address. */
export function keyOfAddress(
  address: CheckoutAddress,
  book: readonly SavedAddress[],
  line3Enabled: boolean,
): string {
  const saved = book.find((entry) => sameAddress(checkoutAddressOf(entry, line3Enabled), address));
  return saved ? savedAddressKey(saved.id) : NEW_ADDRESS;
}

/** What an address is made of when it is shown: the street part, with or without a person. */
export type ShownAddress = Pick<CheckoutAddress, 'line1' | 'town' | 'postalCode' | 'country'> &
  Partial<CheckoutAddress>;

export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** An address line by line, as the country's people write it on an envelope (roughly). */
export function AddressLines({ address }: { address: ShownAddress }) {
  const storefront = useStorefront();
  const countries = useMemo(
    () => new Intl.DisplayNames([languageTag(storefront)], { type: 'region' }),
    [storefront],
  );
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [address.town, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  let country = address.country;
  try {
    country = countries.of(address.country) ?? address.country;
  } catch {
    // A code Intl does not know is shown as it is.
  }
  const lines = [
    name,
    address.organization,
    address.line1,
    address.line2,
    address.line3,
    place,
    country,
    address.phone ? formatPhone(address.phone) : undefined,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return (
    <span className="address-lines">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}

export interface PickerOption {
  readonly key: string;
  readonly label: ReactNode;
  readonly detail?: ReactNode;
}

/**
 * One radio group: the options given first (same as shipping), then the address book, then
 * 'Enter a new address'. Choosing a radio only selects it; Continue makes the choice.
 */
export function AddressBookPicker({
  legend,
  use,
  addresses,
  leading = [],
  line3Enabled,
  selected,
  onSelect,
}: {
  legend: string;
  use: AddressUse;
  addresses: readonly SavedAddress[];
  line3Enabled: boolean;
  leading?: readonly PickerOption[];
  selected: string;
  onSelect: (key: string) => void;
}) {
  const { t } = useLingui();
  const name = useId();
  const options: PickerOption[] = [
    ...leading,
    ...sortedAddressBook(addresses, use).map((saved) => ({
      key: savedAddressKey(saved.id),
      label: <AddressLines address={checkoutAddressOf(saved, line3Enabled)} />,
      detail:
        use === 'shipping' && saved.defaultShipping
          ? t`Default shipping address`
          : use === 'billing' && saved.defaultBilling
            ? t`Default billing address`
            : undefined,
    })),
    { key: NEW_ADDRESS, label: <Trans>Enter a new address</Trans> },
  ];
  return (
    <fieldset className="checkout-choices">
      <legend>{legend}</legend>
      <ul className="checkout-options">
        {options.map((option) => (
          <li key={option.key}>
            <label className="checkout-option">
              <input
                type="radio"
                name={name}
                value={option.key}
                checked={selected === option.key}
                onChange={() => {
                  onSelect(option.key);
                }}
              />
              <span>{option.label}</span>
              {option.detail ? (
                <span className="checkout-option__meta">{option.detail}</span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The address already chosen for this step, with 'Change' to choose again. */
export function ChosenAddress({
  heading,
  children,
  onChange,
}: {
  heading: string;
  children: ReactNode;
  onChange: () => void;
}) {
  const headingId = useId();
  return (
    <div className="address-chosen" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <div className="address-chosen__body">{children}</div>
      <button
        type="button"
        className="button-secondary address-chosen__change"
        aria-describedby={headingId}
        onClick={onChange}
      >
        <Trans>Change</Trans>
      </button>
    </div>
  );
}

/** Back to the previous step this cart goes through, and Continue (the form's submit). */
export function StepActions({
  current,
  cart,
  base,
  busy = false,
}: {
  current: CheckoutStepId;
  cart: CheckoutCart;
  base: string;
  busy?: boolean;
}) {
  const label = useStepLabel();
  const steps = stepsFor(cart);
  const at = steps.findIndex((step) => step.id === current);
  const previous = at > 0 ? steps[at - 1] : undefined;
  const previousLabel = previous ? label(previous.id) : '';
  return (
    <div className="checkout-actions">
      {previous ? (
        <Link to={stepPath(base, previous)}>
          <Trans>Back to {previousLabel}</Trans>
        </Link>
      ) : (
        <span />
      )}
      {/* Not disabled while busy: the button keeps the focus; a second submit is ignored. */}
      <button type="submit" className="button-link" aria-disabled={busy || undefined}>
        <Trans>Continue</Trans>
      </button>
    </div>
  );
}
