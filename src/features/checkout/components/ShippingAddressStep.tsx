/**
 * Secure checkout, shipping address (SPEC 2.5, 2.6, 5): an address from the address book of
 * the customer account chosen (the default shipping address first; decision 054) or a new
 * one, which may be saved to that book (`AddAddress` on its stream, offline too).
 * A new address is verified online by the store's verification service and the address
 * autosuggest (SPEC 7.2): suggestions that differ from what was typed, or an address the
 * service could not confirm, open the verification modal. Offline, or when both fail, the
 * address is used as entered. The choice is decided here at once and queued.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AddressVerdict } from '../../../../domain/address-verification/verification';
import type { CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import type { CheckoutAddress } from '../../../../domain/checkout/state';
import { nextStep } from '../../../../domain/checkout/steps';
import type { AddressSuggestion } from '../../../../domain/commerce/commerce-api';
import type { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import type { CheckoutStore, CheckoutView } from '../../../infra/checkout/checkout-store';
import { bookEntryOf, newAddressId } from '../../../infra/address-book/address-book-store';
import { verifyAddress } from '../../../infra/address-verification';
import { autosuggestAddress } from '../../../infra/commerce';
import { online$ } from '../../../infra/connectivity';
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
  sameAddress,
  savedAddressKey,
  sortedAddressBook,
  StepActions,
} from './AddressBookPicker';
import { AddressForm, addressFieldId, type AddressFormResult } from './AddressForm';
import { useLeaveGuard } from './ReturnDialog';
import {
  AddressVerificationDialog,
  needsConfirmation,
  verificationCandidates,
  verificationRequestOf,
  type VerificationCandidate,
} from './AddressVerificationDialog';

/** The autosuggest's longest term (SPEC 7.2; checked at the server's edge). */
const TERM_MAX = 200;
/** A lookup that takes longer is treated as failed: the address is used as entered. */
const LOOKUP_TIMEOUT_MS = 5000;

/** The saved addresses like the typed one (an empty list when the lookup fails or is slow). */
async function lookUp(
  view: CheckoutView,
  cartId: string,
  address: CheckoutAddress,
): Promise<readonly AddressSuggestion[] | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      resolve(null);
    }, LOOKUP_TIMEOUT_MS);
  });
  const lookup = autosuggestAddress(
    view.userId,
    cartId,
    {
      addressType: 'SHIPPING',
      term: `${address.line1} ${address.town}`.slice(0, TERM_MAX),
      lang: view.storefront.locale,
    },
    { storefront: view.storefront, entryPoint: 'checkout' },
  );
  try {
    return await Promise.race([lookup, slow]);
  } finally {
    clearTimeout(timer);
  }
}

interface Verifying {
  readonly address: CheckoutAddress;
  readonly saveToAddressBook: boolean;
  readonly candidates: readonly VerificationCandidate[];
  readonly verdict: AddressVerdict | null;
}

export function ShippingAddressStep() {
  const { store, view } = useCheckout();
  // The layout shows a step only with the checkout and its cart.
  if (!store || !view?.cart) return null;
  return <ShippingAddress store={store} view={view} cart={view.cart} />;
}

function ShippingAddress({
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
  const { book: addressBook, addresses: book, loading } = useCheckoutAddressBook(store, view);
  const chosen = view.state.shippingAddress;

  const [changing, setChanging] = useState(false);
  // SPEC 2.5 return modal: leaving with changes in the new address form asks first.
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<Message | null>(null);
  const [verifying, setVerifying] = useState<Verifying | null>(null);
  /** A saved address the rules refused, opened in the form to be corrected. */
  const [correcting, setCorrecting] = useState<{ address: CheckoutAddress; n: number } | null>(
    null,
  );
  const editing = changing || chosen === null;

  // The radio shown chosen: the buyer's pick while it is still there, else the address
  // chosen before, else the default shipping address, else a new address.
  const defaultKey = chosen
    ? keyOfAddress(chosen, book, line3Enabled)
    : (sortedAddressBook(book, 'shipping')
        .slice(0, 1)
        .map((a) => savedAddressKey(a.id))[0] ?? NEW_ADDRESS);
  const selected =
    picked !== null &&
    (picked === NEW_ADDRESS || book.some((a) => savedAddressKey(a.id) === picked))
      ? picked
      : defaultKey;
  const savedChoice = book.find((a) => savedAddressKey(a.id) === selected);

  // A lookup still running when the buyer leaves the step must not move them on.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // 'Change' shows the choices: the focus goes to the one chosen.
  const choices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!changing) return;
    const within = choices.current;
    (
      within?.querySelector<HTMLElement>('input[type="radio"]:checked') ??
      within?.querySelector<HTMLElement>('input, select')
    )?.focus();
  }, [changing]);

  const choose = (address: CheckoutAddress, saveToAddressBook: boolean): DomainError | null => {
    const { error: refused, saved } = store.choose({
      type: 'ChooseShippingAddress',
      data: { address, saveToAddressBook },
    });
    if (refused) return refused;
    saved.catch((reason: unknown) => {
      console.warn('The shipping address could not be kept on this device.', reason);
    });
    if (saveToAddressBook) saveToBook(address);
    // Chosen: what was typed is kept, so moving on is no leaving without saving.
    guard.release();
    void navigate(stepPath(base, nextStep('shipping-address', cart)));
    return null;
  };

  /** "Save to my address book": added to the account's book, unless it is there already. */
  const saveToBook = (address: CheckoutAddress) => {
    if (!addressBook) return;
    if (book.some((saved) => sameAddress(checkoutAddressOf(saved, line3Enabled), address))) return;
    try {
      addressBook
        .send({
          type: 'AddAddress',
          data: {
            addressId: newAddressId(),
            entry: bookEntryOf(address),
            // As the address book pages save: checked online, not verified offline.
            verification: online$.getValue() ? 'as-entered' : 'unverified',
          },
        })
        .saved.catch((reason: unknown) => {
          console.warn('The address could not be kept in the address book.', reason);
        });
    } catch (reason) {
      // The book refused it (full): the checkout goes on with the address all the same.
      console.warn('The address could not be saved to the address book.', reason);
    }
  };

  const takeAddress = (address: CheckoutAddress, saveToAddressBook: boolean) => {
    const refused = choose(address, saveToAddressBook);
    if (refused) setError(refused.detail);
  };

  const submitNew = async ({ address, saveToAddressBook }: AddressFormResult) => {
    setError(null);
    // Offline there is no verification: the address is used as entered, without a word.
    if (online$.getValue()) {
      const [verdict, suggestions] = await Promise.all([
        verifyAddress(verificationRequestOf(address, view.storefront.locale)),
        lookUp(view, cart.cartId, address),
      ]);
      if (!alive.current) return;
      const candidates = verificationCandidates(address, suggestions, verdict);
      if (needsConfirmation(candidates, verdict)) {
        setVerifying({ address, saveToAddressBook, candidates, verdict });
        return;
      }
    }
    takeAddress(address, saveToAddressBook);
  };

  const chooseSaved = () => {
    if (!savedChoice) return;
    setError(null);
    const address = checkoutAddressOf(savedChoice, line3Enabled);
    const refused = choose(address, false);
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
      <h2 id={headingId}>{copy('shippingAddress')}</h2>
      {!editing && chosen ? (
        <>
          <ChosenAddress
            heading={t`Deliver to`}
            onChange={() => {
              setChanging(true);
            }}
          >
            <AddressLines address={chosen} />
          </ChosenAddress>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void navigate(stepPath(base, nextStep('shipping-address', cart)));
            }}
          >
            <StepActions current="shipping-address" cart={cart} base={base} />
          </form>
        </>
      ) : (
        <div ref={choices} className="address-step">
          {loading ? (
            <p role="status">
              <Trans>Loading your address book…</Trans>
            </p>
          ) : null}
          {book.length > 0 ? (
            <AddressBookPicker
              legend={t`Choose a shipping address`}
              use="shipping"
              addresses={book}
              line3Enabled={line3Enabled}
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
            legend={book.length > 0 ? t`New address` : t`Enter a shipping address`}
            initial={correcting?.address ?? (chosen && defaultKey === NEW_ADDRESS ? chosen : null)}
            initialSave={correcting ? false : view.state.saveShippingAddress}
            checkAtOnce={correcting !== null}
            line3Enabled={line3Enabled}
            offerSave
            hidden={selected !== NEW_ADDRESS}
            onSubmit={submitNew}
            onDirtyChange={setDirty}
            message={selected === NEW_ADDRESS ? errorNote : null}
            pending={<Trans>Checking the address…</Trans>}
            actions={({ submitting }) => (
              <StepActions current="shipping-address" cart={cart} base={base} busy={submitting} />
            )}
          />
          {selected !== NEW_ADDRESS ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                chooseSaved();
              }}
            >
              {errorNote}
              <StepActions current="shipping-address" cart={cart} base={base} />
            </form>
          ) : null}
        </div>
      )}
      {guard.dialog}
      {verifying ? (
        <AddressVerificationDialog
          entered={verifying.address}
          candidates={verifying.candidates}
          verdict={verifying.verdict}
          onUseSuggestion={(address) => {
            setVerifying(null);
            takeAddress(address, verifying.saveToAddressBook);
          }}
          onUseEntered={() => {
            setVerifying(null);
            takeAddress(verifying.address, verifying.saveToAddressBook);
          }}
          onReEnter={() => {
            setVerifying(null);
            document.getElementById(addressFieldId(formId, 'address.line1'))?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
