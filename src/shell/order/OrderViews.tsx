/**
 * An order as the buyer reads it, shared by the checkout's review and confirmation and by the
 * order pages after checkout: rows of a summary list, the accounts, addresses, shipping method,
 * payment, the items and the totals with their taxes. Read only; each piece takes what it
 * shows, from a checkout's choices or from a placed order.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  SHIPPING_METHOD_DAYS,
  SHIPPING_METHOD_LABELS,
  type ShippingMethod,
} from '../../../domain/checkout/shipping-methods';
import type {
  CheckoutAddress,
  ChosenAccount,
  ChosenQualifiedUser,
  InvoiceContact,
  PaymentChoice,
  ThirdPartyPayer,
} from '../../../domain/checkout/state';
import type { OrderPayment } from '../../../domain/order/order';
import { withValues, type MessageDescriptor } from '../../../domain/shared/message';
import { TAX_MESSAGES } from '../../../domain/tax/messages';
import type { TaxBasis, TaxLine } from '../../../domain/tax/tax';
import { findCountry } from '../../../domain/validation/address';
import { CARD_BRAND_NAMES } from '../../../domain/payment/card';
import { languageTag } from '../storefront-label';
import { useStorefront } from '../use-storefront';
import './order-views.css';

/** One row of a summary list: what it is, the choice, and a link to change it. */
export function ReviewRow({
  term,
  editTo,
  link = 'edit',
  children,
}: {
  term: string;
  editTo?: string;
  /** The link's word: 'Edit' (review) or 'Change' (express checkout). */
  link?: 'edit' | 'change';
  children: ReactNode;
}) {
  return (
    <div className="review-list__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
      {editTo ? (
        <dd className="review-list__edit">
          <Link to={editTo}>
            {link === 'change' ? <Trans>Change</Trans> : <Trans>Edit</Trans>}
            <span className="visually-hidden"> {term}</span>
          </Link>
        </dd>
      ) : null}
    </div>
  );
}

export function QualifiedUserView({ user }: { user: ChosenQualifiedUser }) {
  const level = user.level;
  return (
    <>
      <span className="review-lines">
        {user.firstName} {user.lastName}
      </span>
      <span className="review-lines">
        <Trans>Qualification level {level}</Trans>
      </span>
    </>
  );
}

export function AccountView({ account }: { account: ChosenAccount }) {
  const number = account.number;
  return (
    <>
      <span className="review-lines">{account.name}</span>
      <span className="review-lines">
        {account.type === 'ORGANIZATION' ? (
          <Trans>Organizational account</Trans>
        ) : (
          <Trans>Personal account</Trans>
        )}
      </span>
      <span className="review-lines">
        <Trans>Account number {number}</Trans>
      </span>
    </>
  );
}

/**
 * An existing Q-global or aimswebPlus account, or a new one, made for the qualified user,
 * who becomes its owner and administrator (SPEC 6).
 */
export function PlatformAccountView({
  accountNumber,
  owner,
}: {
  accountNumber: string | null;
  owner: { readonly firstName: string; readonly lastName: string } | null;
}) {
  if (accountNumber !== null) return <span className="review-lines">{accountNumber}</span>;
  const name = owner ? `${owner.firstName} ${owner.lastName}` : '';
  return (
    <span className="review-lines">
      <Trans>
        A new account will be created for {name}, who becomes its owner and administrator.
      </Trans>
    </span>
  );
}

/** A phone number in E.164 as people read it (+1 202-555-0123). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

export function AddressView({ address }: { address: CheckoutAddress }) {
  const storefront = useStorefront();
  const country =
    new Intl.DisplayNames([languageTag(storefront)], { type: 'region' }).of(address.country) ??
    address.country;
  const region = address.region
    ? (findCountry(address.country)?.regions.find((r) => r.code === address.region)?.name ??
      address.region)
    : undefined;
  const place = [address.town, [region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <span className="review-lines">
        {address.firstName} {address.lastName}
      </span>
      {address.organization ? <span className="review-lines">{address.organization}</span> : null}
      <span className="review-lines">{address.line1}</span>
      {address.line2 ? <span className="review-lines">{address.line2}</span> : null}
      {address.line3 ? <span className="review-lines">{address.line3}</span> : null}
      <span className="review-lines">{place}</span>
      <span className="review-lines">{country}</span>
      {address.phone ? <span className="review-lines">{formatPhone(address.phone)}</span> : null}
    </>
  );
}

export function ShippingMethodView({
  method,
  format,
}: {
  method: ShippingMethod;
  format: (minor: number) => string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <span className="review-lines">
        {i18n._(SHIPPING_METHOD_LABELS[method.id])}: {format(method.priceMinor)}
      </span>
      <span className="review-lines review-note">
        {i18n._(withValues(SHIPPING_METHOD_DAYS, { min: method.minDays, max: method.maxDays }))}
      </span>
    </>
  );
}

export function InvoiceContactView({ contact }: { contact: InvoiceContact }) {
  return (
    <>
      <span className="review-lines">
        {contact.firstName} {contact.lastName}
      </span>
      <span className="review-lines">{contact.email}</span>
      <span className="review-lines">{formatPhone(contact.phone.e164)}</span>
    </>
  );
}

/** Card brands by their own names (not translated). */

/** MM/YYYY, as printed on cards. */
export function cardExpiry(card: { readonly expMonth: number; readonly expYear: number }): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear)}`;
}

export function PaymentView({ payment }: { payment: PaymentChoice | OrderPayment }) {
  if (payment.method === 'card') {
    const last4 = payment.card.last4;
    const brand = payment.card.brand === 'unknown' ? '' : CARD_BRAND_NAMES[payment.card.brand];
    const expiry = cardExpiry(payment.card);
    return (
      <>
        <span className="review-lines">
          <Trans>Credit card ending in {last4}</Trans>
        </span>
        <span className="review-lines review-note">
          {brand} <Trans>Expires {expiry}</Trans>
        </span>
      </>
    );
  }
  if (payment.method === 'bank-transfer') {
    return (
      <span className="review-lines">
        <Trans>
          Bank transfer: we send the invoice with our bank details to the billing address.
        </Trans>
      </span>
    );
  }
  if (payment.method === 'third-party') return <ThirdPartyPayerView payer={payment.payer} />;
  const poNumber = payment.poNumber;
  return (
    <>
      <span className="review-lines">
        <Trans>Purchase order {poNumber}</Trans>
      </span>
      <span className="review-lines review-note">
        <Trans>Invoice contact</Trans>
      </span>
      <InvoiceContactView contact={payment.invoiceContact} />
    </>
  );
}

/** Who pays instead of the buyer (decision 061): the organisation, its contact, its reference. */
export function ThirdPartyPayerView({ payer }: { payer: ThirdPartyPayer }) {
  const organization = payer.organization;
  const reference = payer.reference;
  return (
    <>
      <span className="review-lines">
        <Trans>Paid by a third party: {organization}</Trans>
      </span>
      <span className="review-lines">
        <Trans>Reference or authorisation number: {reference}</Trans>
      </span>
      <span className="review-lines review-note">
        <Trans>Payer contact</Trans>
      </span>
      <InvoiceContactView contact={payer.contact} />
    </>
  );
}

export interface ItemLine {
  readonly code: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitPriceMinor: number;
  readonly discountMinor: number;
  /** After its discounts. */
  readonly totalMinor: number;
  readonly preOrder: boolean;
}

export function ItemsTable({
  lines,
  format,
}: {
  lines: readonly ItemLine[];
  format: (minor: number) => string;
}) {
  return (
    <table className="review-items">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Product</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Quantity</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const unit = format(line.unitPriceMinor);
          const discount = format(line.discountMinor);
          return (
            <tr key={line.code}>
              <td>
                <span className="review-lines">{line.name}</span>
                <span className="review-lines review-note">
                  {line.code} · <Trans>{unit} each</Trans>
                </span>
                {line.discountMinor > 0 ? (
                  <span className="review-lines review-note">
                    <Trans>Discount −{discount}</Trans>
                  </span>
                ) : null}
                {line.preOrder ? (
                  <span className="checkout-badge">
                    <Trans>Pre-order: ships when available</Trans>
                  </span>
                ) : null}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{format(line.totalMinor)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export interface DiscountRow {
  readonly key: string;
  readonly label: string;
  readonly minor: number;
}

/** The taxes of a total and why there are none when there are none (decision 025). */
export interface TaxView {
  readonly basis: TaxBasis;
  readonly lines: readonly Pick<TaxLine, 'id' | 'label' | 'rate' | 'amountMinor'>[];
}

/**
 * Subtotal, each discount, shipping (`undefined`: nothing ships; `null`: not chosen yet),
 * tax (each line with its rate, 'VAT (20%)', or why there is none, when `tax` is given) and
 * the total.
 */
export function TotalsView({
  format,
  subtotalMinor,
  discounts,
  shippingMinor,
  taxMinor,
  tax,
  totalMinor,
}: {
  format: (minor: number) => string;
  subtotalMinor: number;
  discounts: readonly DiscountRow[];
  shippingMinor: number | null | undefined;
  taxMinor: number;
  tax?: TaxView;
  totalMinor: number;
}) {
  const taxRows = tax ? (
    <TaxRows tax={tax} format={format} />
  ) : (
    <>
      <dt>
        <Trans>Tax</Trans>
      </dt>
      <dd>{format(taxMinor)}</dd>
    </>
  );
  return (
    <dl className="checkout-totals">
      <dt>
        <Trans>Subtotal</Trans>
      </dt>
      <dd>{format(subtotalMinor)}</dd>
      {discounts.map((row) => (
        <div key={row.key} className="review-totals__row">
          <dt>{row.label}</dt>
          <dd>−{format(row.minor)}</dd>
        </div>
      ))}
      {shippingMinor !== undefined ? (
        <>
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd>{shippingMinor === null ? <Trans>Not chosen yet</Trans> : format(shippingMinor)}</dd>
        </>
      ) : null}
      {taxRows}
      <dt className="checkout-totals__total">
        <Trans>Order total</Trans>
      </dt>
      <dd className="checkout-totals__total">{format(totalMinor)}</dd>
    </dl>
  );
}

export interface TaxRowsProps {
  readonly tax: {
    readonly basis: TaxBasis;
    readonly lines: readonly {
      readonly id: string;
      readonly label: MessageDescriptor;
      readonly rate: string;
      readonly amountMinor: number;
    }[];
  };
  readonly format: (minor: number) => string;
}

/**
 * The tax of a checkout or an order as rows of a totals list (decision 025): each tax with
 * its rate ('VAT (20%)'), or why there is none: tax exempt (SPEC 6), an export, or no
 * address yet to tax by.
 */
export function TaxRows({ tax, format }: TaxRowsProps) {
  const { i18n } = useLingui();
  if (tax.lines.length > 0) {
    return (
      <>
        {tax.lines.map((line) => (
          <TaxRow
            key={line.id}
            term={`${i18n._(line.label)} (${line.rate})`}
            amount={format(line.amountMinor)}
          />
        ))}
      </>
    );
  }
  const why =
    tax.basis === 'exempt'
      ? i18n._(TAX_MESSAGES.exempt)
      : tax.basis === 'export'
        ? i18n._(TAX_MESSAGES.export)
        : tax.basis === 'unknown-address'
          ? i18n._(TAX_MESSAGES.addressNeeded)
          : null;
  return (
    <>
      <dt>
        <Trans>Tax</Trans>
      </dt>
      <dd data-testid="tax-total">
        {format(0)}
        {why ? <span className="checkout-totals__note"> {why}</span> : null}
      </dd>
    </>
  );
}

function TaxRow({ term, amount }: { term: string; amount: string }) {
  return (
    <div className="review-totals__row">
      <dt>{term}</dt>
      <dd data-testid="tax-line">{amount}</dd>
    </div>
  );
}
