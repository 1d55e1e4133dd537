/**
 * The address book (SPEC 2.7, 5; decision 054): a customer account's addresses, with the
 * default shipping and billing address, add, edit and delete. Every change is decided here at
 * once and sent by the sync engine, now or when the browser is back online; an address not
 * yet confirmed by the store is marked as waiting to be sent. With the `address-book` flag
 * off the page lists the book read-only: addresses are then added at checkout.
 *
 * Online, an address is verified before it is saved (SPEC 5; decision 059): when the
 * verification service would write it otherwise, or cannot confirm it, the verification modal
 * offers its suggestions, re-entry and "use as is"; the command records `verified` (a
 * suggestion taken, or right as typed) or `as-entered`. Offline, or when the service cannot be
 * asked, the address is saved `unverified`.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { Verification } from '../../../../domain/address-book/address-book';
import type {
  AddressVerdict,
  SuggestedAddress,
} from '../../../../domain/address-verification/verification';
import {
  addressBookEntrySchemaWith,
  type AddressBookEntryInput,
  type CustomerAccountSummary,
} from '../../../../domain/customer/address-book';
import {
  COUNTRIES,
  findCountry,
  postalCodeExample,
  type AddressInput,
} from '../../../../domain/validation/address';
import { V } from '../../../../domain/validation/messages';
import type { ShownBookAddress } from '../../../infra/address-book/address-book-store';
import { newAddressId } from '../../../infra/address-book/address-book-store';
import { verifyAddress } from '../../../infra/address-verification';
import { online$ } from '../../../infra/connectivity';
import { flags$ } from '../../../infra/flags';
import { domainResolver } from '../../../infra/forms';
import { useObservableValue } from '../../../infra/use-observable';
import { accountPath } from '../../../shell/account-links';
import {
  AddressVerificationDialog,
  type VerificationCandidate,
} from '../../../shell/address-verification/AddressVerificationDialog';
import { useStorefront } from '../../../shell/use-storefront';
import { AccountFrame } from '../components/AccountFrame';
import { useAddressBook, type AddressBookPageState } from './use-address-book';
import './address-book.css';

const CURRENT = 'addresses';

function bookQuery(account: CustomerAccountSummary): string {
  return `?uuid=${encodeURIComponent(account.id)}&unitName=${encodeURIComponent(account.name)}`;
}

function Loading({ state }: { state: AddressBookPageState }) {
  return state.failed ? (
    <p role="alert">
      <Trans>Your accounts could not be loaded. Check your connection and try again.</Trans>
    </p>
  ) : (
    <p role="status">
      <Trans>Loading the address book…</Trans>
    </p>
  );
}

/** What an address is shown with: a saved one, or an entry being verified. */
type ShownLines = Pick<
  ShownBookAddress,
  | 'firstName'
  | 'lastName'
  | 'organization'
  | 'line1'
  | 'line2'
  | 'line3'
  | 'town'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phone'
>;

function ShownAddress({ address, line3 }: { address: ShownLines; line3: boolean }) {
  const storefront = useStorefront();
  let country = address.country;
  try {
    country =
      new Intl.DisplayNames([storefront.locale], { type: 'region' }).of(address.country) ??
      address.country;
  } catch {
    // A code Intl does not know is shown as it is.
  }
  const place = [address.town, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [
    `${address.firstName} ${address.lastName}`,
    address.organization,
    address.line1,
    address.line2,
    line3 ? address.line3 : null,
    place,
    country,
    address.phone,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return (
    <span className="address-book__lines">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}

/** The account chooser, when the user is a member of several accounts. */
function AccountChooser({
  accounts,
  account,
}: {
  accounts: readonly CustomerAccountSummary[];
  account: CustomerAccountSummary;
}) {
  const navigate = useNavigate();
  const storefront = useStorefront();
  const id = useId();
  if (accounts.length < 2) return null;
  // Choosing opens the account's book only when asked (WCAG 3.2.2): moving through the
  // options with the keyboard changes nothing.
  return (
    <form
      className="address-book__chooser"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('account');
        const chosen = accounts.find((a) => a.id === value);
        if (chosen) void navigate(`${accountPath(storefront.locale, CURRENT)}${bookQuery(chosen)}`);
      }}
    >
      <label htmlFor={id}>
        <Trans>Account</Trans>
      </label>
      <select id={id} name="account" key={account.id} defaultValue={account.id}>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} ({a.accountNumber})
          </option>
        ))}
      </select>
      <button type="submit" className="button-secondary">
        <Trans>Show its addresses</Trans>
      </button>
    </form>
  );
}

export function AddressBookPage() {
  const { t } = useLingui();
  const state = useAddressBook();
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  const online = useObservableValue(online$);
  const manage = flags['address-book'];
  const line3 = flags['line3-address'];
  const [confirming, setConfirming] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; n: number } | null>(null);
  const refusedRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refused) refusedRef.current?.focus();
  }, [refused]);
  // The button pressed may be gone (a default set, an address deleted): the focus goes to
  // what the page said.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const { account, accounts, view, book } = state;
  const { i18n } = useLingui();
  /** A change of the list, said when made, refused here in words when the book's rules say no. */
  const act = (request: Parameters<NonNullable<typeof book>['send']>[0], text: string) => {
    if (!book) return;
    const outcome = book.send(request);
    setRefused(outcome.refused ? i18n._(outcome.refused) : null);
    setDone(outcome.refused ? null : { text, n: (done?.n ?? 0) + 1 });
  };
  return (
    <AccountFrame current={CURRENT} title={t`Address Book`} heading={<Trans>Address Book</Trans>}>
      {!account || !accounts || !view || !book ? (
        <Loading state={state} />
      ) : (
        <>
          <AccountChooser accounts={accounts} account={account} />
          <p className="address-book__account">
            <Trans>
              Addresses of {account.name} ({account.accountNumber})
            </Trans>
          </p>
          {!online ? (
            <p className="account__offline" role="status">
              <Trans>
                You are offline. Changes you make are kept on this device and sent when you are back
                online.
              </Trans>
            </p>
          ) : null}
          {state.refusal ? (
            <p className="form-error" role="alert">
              {state.refusal}
            </p>
          ) : null}
          {refused ? (
            <p ref={refusedRef} tabIndex={-1} className="form-error" role="alert">
              {refused}
            </p>
          ) : null}
          <p
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="address-book__done"
            data-testid="address-book-done"
          >
            {done?.text ?? ''}
          </p>
          {manage ? (
            <p>
              <Link
                className="button-link"
                to={`${accountPath(storefront.locale, `${CURRENT}/add-address`)}${bookQuery(account)}`}
              >
                <Trans>Add a new address</Trans>
              </Link>
            </p>
          ) : (
            <p>
              <Trans>Addresses are added at checkout.</Trans>
            </p>
          )}
          {view.addresses.length === 0 ? (
            <p>
              <Trans>There are no addresses in this address book yet.</Trans>
            </p>
          ) : (
            <ul className="address-book__list">
              {view.addresses.map((address) => {
                const name = `${address.firstName} ${address.lastName}, ${address.line1}`;
                return (
                  <li key={address.id} className="address-book__entry">
                    <ShownAddress address={address} line3={line3} />
                    <p className="address-book__status">
                      {address.defaultShipping ? (
                        <span className="address-book__tag">
                          <Trans>Default shipping address</Trans>
                        </span>
                      ) : null}
                      {address.defaultBilling ? (
                        <span className="address-book__tag">
                          <Trans>Default billing address</Trans>
                        </span>
                      ) : null}
                      {address.waiting ? (
                        <span className="address-book__tag address-book__tag--waiting">
                          <Trans>Waiting to be sent</Trans>
                        </span>
                      ) : null}
                      {address.verification === 'unverified' ? (
                        <span className="address-book__tag">
                          <Trans>Not verified</Trans>
                        </span>
                      ) : null}
                    </p>
                    {manage ? (
                      <div className="address-book__actions">
                        <Link
                          to={`${accountPath(storefront.locale, `${CURRENT}/edit-address/${address.id}`)}${bookQuery(account)}`}
                          aria-label={t`Edit ${name}`}
                        >
                          <Trans>Edit</Trans>
                        </Link>
                        {!address.defaultShipping ? (
                          <button
                            type="button"
                            className="button-secondary"
                            aria-label={t`Make ${name} the default shipping address`}
                            onClick={() => {
                              act(
                                { type: 'SetDefaultShipping', data: { addressId: address.id } },
                                t`${name} is now the default shipping address.`,
                              );
                            }}
                          >
                            <Trans>Set as default shipping</Trans>
                          </button>
                        ) : null}
                        {!address.defaultBilling ? (
                          <button
                            type="button"
                            className="button-secondary"
                            aria-label={t`Make ${name} the default billing address`}
                            onClick={() => {
                              act(
                                { type: 'SetDefaultBilling', data: { addressId: address.id } },
                                t`${name} is now the default billing address.`,
                              );
                            }}
                          >
                            <Trans>Set as default billing</Trans>
                          </button>
                        ) : null}
                        {confirming === address.id ? (
                          <span role="group" aria-label={t`Delete ${name}?`}>
                            <span>
                              <Trans>Delete this address?</Trans>
                            </span>{' '}
                            <button
                              type="button"
                              className="button-secondary"
                              onClick={() => {
                                setConfirming(null);
                                act(
                                  { type: 'RemoveAddress', data: { addressId: address.id } },
                                  t`${name} was deleted.`,
                                );
                              }}
                            >
                              <Trans>Yes, delete</Trans>
                            </button>{' '}
                            <button
                              type="button"
                              className="button-secondary"
                              onClick={() => {
                                setConfirming(null);
                              }}
                            >
                              <Trans>Keep it</Trans>
                            </button>
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="button-secondary"
                            aria-label={t`Delete ${name}`}
                            onClick={() => {
                              setConfirming(address.id);
                            }}
                          >
                            <Trans>Delete</Trans>
                          </button>
                        )}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </AccountFrame>
  );
}

type Values = {
  firstName: string;
  lastName: string;
  organization: string;
  address: {
    country: string;
    region: string;
    line1: string;
    line2: string;
    line3: string;
    town: string;
    postalCode: string;
  };
  phone: { country: string; number: string };
  defaultShipping: boolean;
  defaultBilling: boolean;
};

function valuesOf(address: ShownBookAddress | undefined, country: string): Values {
  return {
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    organization: address?.organization ?? '',
    address: {
      country: address?.country ?? country,
      region: address?.region ?? '',
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      line3: address?.line3 ?? '',
      town: address?.town ?? '',
      postalCode: address?.postalCode ?? '',
    },
    phone: { country: address?.phoneCountry ?? country, number: address?.phone ?? '' },
    defaultShipping: address?.defaultShipping ?? false,
    defaultBilling: address?.defaultBilling ?? false,
  };
}

/** An entry as the form sends it: the schema's input, its address as typed. */
type FormEntry = Omit<AddressBookEntryInput, 'address'> & { readonly address: AddressInput };

/** The entry as the schema takes it: empty optional fields left out, line 3 only with its flag. */
function entryOf(values: Values, line3: boolean): FormEntry {
  const optional = (text: string) => (text.trim() === '' ? undefined : text);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    organization: optional(values.organization),
    address: {
      country: values.address.country,
      region: optional(values.address.region),
      line1: values.address.line1,
      line2: optional(values.address.line2),
      ...(line3 ? { line3: optional(values.address.line3) } : {}),
      town: values.address.town,
      postalCode: values.address.postalCode,
    },
    phone: values.phone,
    defaultShipping: values.defaultShipping,
    defaultBilling: values.defaultBilling,
  };
}

/** An entry as the address lines show it. */
function linesOfEntry(entry: FormEntry): ShownLines {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : null;
  return {
    firstName: entry.firstName,
    lastName: entry.lastName,
    organization: text(entry.organization),
    line1: entry.address.line1,
    line2: text(entry.address.line2),
    line3: text(entry.address.line3),
    town: entry.address.town,
    region: text(entry.address.region),
    postalCode: entry.address.postalCode,
    country: entry.address.country,
    phone: entry.phone.number,
  };
}

/** The entry with the address the service suggests (the third line only with its flag). */
function withSuggestion(entry: FormEntry, suggested: SuggestedAddress, line3: boolean): FormEntry {
  const found = suggested.address;
  return {
    ...entry,
    address: {
      country: found.country,
      region: found.region,
      line1: found.line1,
      line2: found.line2,
      ...(line3 ? { line3: found.line3 } : {}),
      town: found.town,
      postalCode: found.postalCode,
    },
  };
}

interface Verifying {
  readonly entry: FormEntry;
  readonly verdict: AddressVerdict;
  readonly candidates: readonly VerificationCandidate<FormEntry>[];
}

function AddressForm({
  state,
  editing,
}: {
  state: AddressBookPageState;
  editing: ShownBookAddress | undefined;
}) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const flags = useObservableValue(flags$);
  const online = useObservableValue(online$);
  const line3 = flags['line3-address'];
  const [checking, setChecking] = useState(false);
  const [verifying, setVerifying] = useState<Verifying | null>(null);
  // The book's rules refused the change here (a 101st address, one removed meanwhile).
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  // A verification still running when the buyer leaves the form must not save.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field.replace('.', '-')}`;
  const labels: Record<string, string> = {
    firstName: t`First name`,
    lastName: t`Last name`,
    organization: t`Organization (optional)`,
    'address.country': t`Country`,
    'address.region': t`State, province or region`,
    'address.line1': t`Address line 1`,
    'address.line2': t`Address line 2 (optional)`,
    'address.line3': t`Address line 3 (optional)`,
    'address.town': t`Town or city`,
    'address.postalCode': t`Postal code`,
    'phone.country': t`Phone country`,
    'phone.number': t`Phone number`,
  };
  const schema = useMemo(() => addressBookEntrySchemaWith({ line3Enabled: line3 }), [line3]);
  const resolver = useMemo(() => {
    const inner = domainResolver(schema, i18n, labels);
    return (values: Values, context: unknown, options: Parameters<typeof inner>[2]) =>
      inner(entryOf(values, line3), context, options);
    // The labels follow the language, as i18n does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema, i18n, line3]);
  const { register, handleSubmit, control, formState, getFieldState, setFocus, getValues } =
    useForm<Values>({
      resolver: resolver as never,
      defaultValues: valuesOf(editing, storefront.defaultCountry),
    });
  const countryCode = useWatch({ control, name: 'address.country' });
  const country = findCountry(countryCode);
  const example = postalCodeExample(countryCode);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([storefront.locale], { type: 'region' });
    return COUNTRIES.map((c) => {
      let name = c.name;
      try {
        name = names.of(c.code) ?? c.name;
      } catch {
        // The data set's own name.
      }
      return { code: c.code, name };
    }).sort((a, b) => a.name.localeCompare(b.name));
  }, [storefront.locale]);

  const errorOf = (field: string) =>
    (getFieldState(field as never, formState).error as { message?: string } | undefined)?.message;
  const fields = Object.keys(labels).filter(
    (f) =>
      (f !== 'address.line3' || line3) &&
      (f !== 'address.region' || (country?.regions.length ?? 0) > 0),
  );
  const summary = formState.submitCount > 0 ? fields.filter((f) => errorOf(f) !== undefined) : [];
  const account = state.account;
  const book = state.book;
  if (!account || !book) return null;
  const back = `${accountPath(storefront.locale, CURRENT)}${bookQuery(account)}`;
  const save = (entry: FormEntry, verification: Verification) => {
    const { refused } = book.send(
      editing
        ? { type: 'EditAddress', data: { addressId: editing.id, entry, verification } }
        : { type: 'AddAddress', data: { addressId: newAddressId(), entry, verification } },
    );
    if (refused) {
      setRefusal(i18n._(refused));
      return;
    }
    void navigate(back);
  };

  const field = (name: string, input: React.ReactNode, hint?: string) => {
    const error = errorOf(name);
    return (
      <div className="field">
        <label htmlFor={id(name)}>{labels[name]}</label>
        {hint ? (
          <p className="field__hint" id={`${id(name)}-hint`}>
            {hint}
          </p>
        ) : null}
        {input}
        {error ? (
          <p className="field__error" id={`${id(name)}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const attrs = (name: string, hint = false) => {
    const error = errorOf(name);
    const described = [hint ? `${id(name)}-hint` : '', error ? `${id(name)}-error` : '']
      .filter(Boolean)
      .join(' ');
    return {
      id: id(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    };
  };

  return (
    <form
      className="form address-book__form"
      noValidate
      aria-busy={checking || undefined}
      onSubmit={(event) => {
        void handleSubmit(async () => {
          // The fields as typed (the command carries them; `decide` normalises them).
          const entry = entryOf(getValues(), line3);
          // Checked against SPEC 5 here; the store's verification service needs the
          // connection, so an address saved offline is kept as not verified.
          if (!online) {
            save(entry, 'unverified');
            return;
          }
          setChecking(true);
          const verdict = await verifyAddress({
            locale: storefront.locale,
            address: entry.address,
          });
          if (!alive.current) return;
          setChecking(false);
          if (!verdict) save(entry, 'unverified');
          else if (verdict.status === 'verified') save(entry, 'verified');
          else {
            setVerifying({
              entry,
              verdict,
              candidates: verdict.suggestions.map((suggested, i) => ({
                id: String(i),
                address: withSuggestion(entry, suggested, line3),
              })),
            });
          }
        })(event);
      }}
    >
      {refusal ? (
        <p ref={refusalRef} tabIndex={-1} className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {summary.length > 0 ? (
        <div className="form-error" role="alert">
          <p>{i18n._(V.addressErrors)}</p>
          <ul>
            {summary.map((name) => (
              <li key={name}>
                <a
                  href={`#${id(name)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setFocus(name as never);
                  }}
                >
                  {labels[name]}: {errorOf(name)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="address-book__row">
        {field(
          'firstName',
          <input autoComplete="given-name" {...attrs('firstName')} {...register('firstName')} />,
        )}
        {field(
          'lastName',
          <input autoComplete="family-name" {...attrs('lastName')} {...register('lastName')} />,
        )}
      </div>
      {field(
        'organization',
        <input
          autoComplete="organization"
          {...attrs('organization')}
          {...register('organization')}
        />,
      )}
      {field(
        'address.country',
        <select
          autoComplete="country"
          {...attrs('address.country')}
          {...register('address.country')}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'address.line1',
        <input
          autoComplete="address-line1"
          {...attrs('address.line1')}
          {...register('address.line1')}
        />,
      )}
      {field(
        'address.line2',
        <input
          autoComplete="address-line2"
          {...attrs('address.line2')}
          {...register('address.line2')}
        />,
      )}
      {line3
        ? field(
            'address.line3',
            <input
              autoComplete="address-line3"
              {...attrs('address.line3')}
              {...register('address.line3')}
            />,
          )
        : null}
      <div className="address-book__row">
        {field(
          'address.town',
          <input
            autoComplete="address-level2"
            {...attrs('address.town')}
            {...register('address.town')}
          />,
        )}
        {country && country.regions.length > 0
          ? field(
              'address.region',
              <select
                autoComplete="address-level1"
                {...attrs('address.region')}
                {...register('address.region')}
              >
                <option value="">{t`Choose…`}</option>
                {country.regions.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.name}
                  </option>
                ))}
              </select>,
            )
          : null}
      </div>
      {field(
        'address.postalCode',
        <input
          autoComplete="postal-code"
          {...attrs('address.postalCode', true)}
          {...register('address.postalCode')}
        />,
        example === ''
          ? t`Leave this empty: there are no postal codes in this country.`
          : t`For example: ${example}`,
      )}
      <div className="address-book__row">
        {field(
          'phone.country',
          <select {...attrs('phone.country')} {...register('phone.country')}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'phone.number',
          <input
            type="tel"
            autoComplete="tel"
            {...attrs('phone.number')}
            {...register('phone.number')}
          />,
        )}
      </div>
      <label className="address-book__checkbox">
        <input type="checkbox" {...register('defaultShipping')} />
        <span>
          <Trans>Use as my default shipping address</Trans>
        </span>
      </label>
      <label className="address-book__checkbox">
        <input type="checkbox" {...register('defaultBilling')} />
        <span>
          <Trans>Use as my default billing address</Trans>
        </span>
      </label>
      {!online ? (
        <p className="account__offline" role="status">
          <Trans>
            You are offline. The address is kept on this device and sent when you are back online.
          </Trans>
        </p>
      ) : null}
      {checking ? (
        <p role="status">
          <Trans>Checking the address…</Trans>
        </p>
      ) : null}
      <div className="address-book__actions">
        <button type="submit" className="button-link" disabled={checking}>
          <Trans>Save address</Trans>
        </button>
        <Link to={back}>
          <Trans>Cancel</Trans>
        </Link>
      </div>
      {verifying ? (
        <AddressVerificationDialog
          entered={verifying.entry}
          candidates={verifying.candidates}
          deliverability={verifying.verdict.deliverability}
          renderAddress={(entry) => <ShownAddress address={linesOfEntry(entry)} line3={line3} />}
          onUseSuggestion={(entry) => {
            setVerifying(null);
            save(entry, 'verified');
          }}
          onUseEntered={() => {
            setVerifying(null);
            save(verifying.entry, 'as-entered');
          }}
          onReEnter={() => {
            setVerifying(null);
            setFocus('address.line1');
          }}
        />
      ) : null}
    </form>
  );
}

export function AddAddressPage() {
  const { t } = useLingui();
  const state = useAddressBook();
  const flags = useObservableValue(flags$);
  return (
    <AccountFrame
      current={CURRENT}
      title={t`Add an address`}
      heading={<Trans>Add an address</Trans>}
    >
      {!state.account || !state.book || !state.view ? (
        <Loading state={state} />
      ) : !flags['address-book'] ? (
        <p>
          <Trans>Addresses are added at checkout.</Trans>
        </p>
      ) : (
        <AddressForm state={state} editing={undefined} />
      )}
    </AccountFrame>
  );
}

export function EditAddressPage() {
  const { t } = useLingui();
  const state = useAddressBook();
  const flags = useObservableValue(flags$);
  const { id } = useParams();
  const editing = state.view?.addresses.find((a) => a.id === id);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void state.book?.ready.then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [state.book]);
  return (
    <AccountFrame
      current={CURRENT}
      title={t`Edit an address`}
      heading={<Trans>Edit an address</Trans>}
    >
      {!state.account || !state.book || !state.view || !ready ? (
        <Loading state={state} />
      ) : !flags['address-book'] ? (
        <p>
          <Trans>Addresses are added at checkout.</Trans>
        </p>
      ) : !editing ? (
        <p role="alert">
          <Trans>This address is no longer in the address book.</Trans>
        </p>
      ) : (
        <AddressForm state={state} editing={editing} />
      )}
    </AccountFrame>
  );
}
