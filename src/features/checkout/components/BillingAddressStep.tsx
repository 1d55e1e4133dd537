/**
 * Secure checkout, billing address (SPEC 2.6, 5): the same as the shipping address (the
 * default, when the cart ships), an address from the address book of the customer account
 * chosen (the default billing address first; decision 054) or a new one. A cart of digital items only has no shipping address, so it
 * takes another address. SPEC 5: a billing address is needed to move on. Decided here at
 * once and queued, offline too; there is no address verification for billing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import type { BillingChoice, CheckoutAddress } from '../../../../domain/checkout/state';
import { nextStep } from '../../../../domain/checkout/steps';
import type { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import { V } from '../../../../domain/validation/messages';
import type { CheckoutStore, CheckoutView } from '../../../infra/checkout/checkout-store';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import { checkoutBase, stepPath } from '../checkout-paths';
import { useCheckout, useCheckoutCopy } from '../hooks/use-checkout';
import { useCheckoutAddressBook } from '../hooks/use-checkout-address-book';
import {
  AddressBookPicker,
  AddressLines,
  ChosenAddress,
  checkoutAddressOf,
  keyOfAddress,
  NEW_ADDRESS,
  savedAddressKey,
  sortedAddressBook,
  StepActions,
} from './AddressBookPicker';
import { AddressForm, type AddressFormResult } from './AddressForm';
import { useLeaveGuard } from './ReturnDialog';

/** The radio key of 'Same as shipping address'. */
const SAME_AS_SHIPPING = 'same';

export function BillingAddressStep() {
  const { store, view } = useCheckout();
  // The layout shows a step only with the checkout and its cart.
  if (!store || !view?.cart) return null;
  return <BillingAddress store={store} view={view} cart={view.cart} />;
}

function BillingAddress({
  store,
  view,
  cart,
}: {
  store: CheckoutStore;
  view: CheckoutView;
  cart: CheckoutCart;
}) {
  const { t, i18n } = useLingui();
  const copy = useCheckoutCopy();
  const navigate = useNavigate();
  const location = useLocation();
  const flags = useObservableValue(flags$);
  const headingId = useId();
  const formId = useId();
  const base = checkoutBase(location.pathname);
  const line3Enabled = view.facts?.flags.line3 ?? flags['line3-address'];
  const { addresses: book, loading } = useCheckoutAddressBook(store, view);
  const shipping = view.state.shippingAddress;
  const chosen = view.state.billing;

  const [changing, setChanging] = useState(false);
  // SPEC 2.5 return modal: leaving with changes in the new address form asks first.
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<Message | null>(null);
  const [correcting, setCorrecting] = useState<{ address: CheckoutAddress; n: number } | null>(
    null,
  );
  const editing = changing || chosen === null;

  // The radio shown chosen: the buyer's pick while it still applies, else the choice made
  // before, else the shipping address, else the default billing address, else a new one.
  const firstSaved =
    sortedAddressBook(book, 'billing')
      .slice(0, 1)
      .map((a) => savedAddressKey(a.id))[0] ?? NEW_ADDRESS;
  const defaultKey = chosen
    ? chosen.sameAsShipping
      ? shipping
        ? SAME_AS_SHIPPING
        : firstSaved
      : keyOfAddress(chosen.address, book, line3Enabled)
    : shipping
      ? SAME_AS_SHIPPING
      : firstSaved;
  const applies = (key: string) =>
    key === NEW_ADDRESS ||
    (key === SAME_AS_SHIPPING && shipping !== null) ||
    book.some((a) => savedAddressKey(a.id) === key);
  const selected = picked !== null && applies(picked) ? picked : defaultKey;
  const savedChoice = book.find((a) => savedAddressKey(a.id) === selected);
  const chosenAddress = chosen && !chosen.sameAsShipping ? chosen.address : null;

  const choices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!changing) return;
    const within = choices.current;
    (
      within?.querySelector<HTMLElement>('input[type="radio"]:checked') ??
      within?.querySelector<HTMLElement>('input, select')
    )?.focus();
  }, [changing]);

  const goNext = () => {
    void navigate(stepPath(base, nextStep('billing-address', cart)));
  };

  const choose = (billing: BillingChoice): DomainError | null => {
    const { error: refused, saved } = store.choose({ type: 'ChooseBillingAddress', data: billing });
    if (refused) return refused;
    saved.catch((reason: unknown) => {
      console.warn('The billing address could not be kept on this device.', reason);
    });
    // Chosen: what was typed is kept, so moving on is no leaving without saving.
    guard.release();
    goNext();
    return null;
  };

  const submitNew = ({ address }: AddressFormResult) => {
    setError(null);
    const refused = choose({ sameAsShipping: false, address });
    if (refused) setError(refused.detail);
  };

  const chooseListed = () => {
    setError(null);
    if (selected === SAME_AS_SHIPPING) {
      const refused = choose({ sameAsShipping: true });
      if (refused) setError(refused.detail);
      return;
    }
    if (!savedChoice) {
      setError(V.billingAddressRequired);
      return;
    }
    const address = checkoutAddressOf(savedChoice, line3Enabled);
    const refused = choose({ sameAsShipping: false, address });
    if (!refused) return;
    setError(refused.detail);
    if (refused.code === 'checkout.address-invalid') {
      // A saved address the rules no longer take: open it in the form, its problems shown.
      setCorrecting((current) => ({ address, n: (current?.n ?? 0) + 1 }));
      setPicked(NEW_ADDRESS);
    }
  };

  const errorNote = error ? (
    <p className="form-error" role="alert">
      {i18n._(error)}
    </p>
  ) : null;

  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy('billingAddress')}</h2>
      {!editing && chosen ? (
        <>
          <ChosenAddress
            heading={t`Bill to`}
            onChange={() => {
              setChanging(true);
            }}
          >
            {chosen.sameAsShipping ? (
              <p className="address-chosen__note">
                <Trans>Same as shipping address</Trans>
              </p>
            ) : null}
            {chosenAddress ? (
              <AddressLines address={chosenAddress} />
            ) : shipping ? (
              <AddressLines address={shipping} />
            ) : null}
          </ChosenAddress>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              goNext();
            }}
          >
            <StepActions current="billing-address" cart={cart} base={base} />
          </form>
        </>
      ) : (
        <div ref={choices} className="address-step">
          {loading ? (
            <p role="status">
              <Trans>Loading your address book…</Trans>
            </p>
          ) : null}
          {shipping || book.length > 0 ? (
            <AddressBookPicker
              legend={t`Choose a billing address`}
              use="billing"
              addresses={book}
              line3Enabled={line3Enabled}
              leading={
                shipping
                  ? [
                      {
                        key: SAME_AS_SHIPPING,
                        label: <Trans>Same as shipping address</Trans>,
                        detail: <AddressLines address={shipping} />,
                      },
                    ]
                  : []
              }
              selected={selected}
              onSelect={(key) => {
                setPicked(key);
                setError(null);
              }}
            />
          ) : null}
          <AddressForm
            key={correcting?.n ?? 0}
            idPrefix={formId}
            legend={shipping || book.length > 0 ? t`New address` : t`Enter a billing address`}
            initial={
              correcting?.address ??
              (chosenAddress && defaultKey === NEW_ADDRESS ? chosenAddress : null)
            }
            checkAtOnce={correcting !== null}
            line3Enabled={line3Enabled}
            hidden={selected !== NEW_ADDRESS}
            onSubmit={submitNew}
            onDirtyChange={setDirty}
            message={selected === NEW_ADDRESS ? errorNote : null}
            actions={({ submitting }) => (
              <StepActions current="billing-address" cart={cart} base={base} busy={submitting} />
            )}
          />
          {selected !== NEW_ADDRESS ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                chooseListed();
              }}
            >
              {errorNote}
              <StepActions current="billing-address" cart={cart} base={base} />
            </form>
          ) : null}
        </div>
      )}
      {guard.dialog}
    </section>
  );
}
