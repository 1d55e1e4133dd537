/**
 * 'Choose customer account' (SPEC 2.6, 5, 6): the buyer's personal and organizational
 * accounts as one radio group, chosen at once (offline too, from the facts kept here), and
 * the 'Account not listed' form, which needs the store: a 4-digit organization number or a
 * 12-character temporary number with the terms agreed; the account found is chosen.
 *
 * Also the pieces every section of the accounts step shares (a choice, a failed request).
 */
import { withValues } from '../../../../domain/shared/message';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { accountIn, type CheckoutAccount } from '../../../../domain/checkout/facts';
import { claimAccountRequestSchema } from '../../../../domain/checkout/requests';
import { marketingPageUrl } from '../../../../domain/content/paths';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { Message } from '../../../../domain/shared/message';
import { ApiError } from '../../../infra/api';
import { claimAccount } from '../../../infra/checkout/checkout-api';
import type {
  CheckoutRequest,
  CheckoutStore,
  CheckoutView,
} from '../../../infra/checkout/checkout-store';
import { online$ } from '../../../infra/connectivity';
import { domainResolver } from '../../../infra/forms';
import { checkoutDescriptorFor } from '../checkout-messages';
import { describedBy, Field } from '../../../shell/FormField';
import { useCheckoutCopy } from '../hooks/use-checkout';

/** Makes a checkout choice: null when it was made, else why it was refused. */
export type Choose = (request: CheckoutRequest) => Message | null;

export interface SectionProps {
  readonly store: CheckoutStore;
  readonly view: CheckoutView;
  readonly choose: Choose;
  /** Whether the browser is online: the lookups of this step need the store. */
  readonly online: boolean;
}

/**
 * What a failed online request of this step says: the server's message (by its id, in the
 * page language) with the field it names ('' for the request as a whole), else SPEC 8's
 * technical error asking to retry later, or that a connection is needed.
 */
export function useRequestFailure(): (error: unknown) => {
  readonly path: string | null;
  readonly text: string;
} {
  const { i18n, t } = useLingui();
  return (error) => {
    if (error instanceof ApiError) {
      const field = error.status < 500 ? error.body?.error.fields?.[0] : undefined;
      const descriptor = field ? checkoutDescriptorFor(field.code) : undefined;
      if (field && descriptor) {
        return {
          path: field.path,
          text: i18n._(withValues(descriptor, field.values ?? {})),
        };
      }
      return { path: null, text: i18n._(GENERAL_ERRORS.technical) };
    }
    // No answer came at all.
    return {
      path: null,
      text: online$.getValue()
        ? i18n._(GENERAL_ERRORS.technical)
        : t`You are offline. This needs an internet connection; please try again when you are back online.`,
    };
  };
}

/** The page's Terms & conditions (the store's terms of sale). */
export function termsUrl(locale: string): string {
  return marketingPageUrl(`/content/${locale}`, 'terms-of-sale');
}

function AccountTypeLabel({ type }: { type: CheckoutAccount['type'] }) {
  return type === 'PERSONAL' ? <Trans>Personal</Trans> : <Trans>Organization</Trans>;
}

export function CustomerAccountSection({ store, view, choose, online }: SectionProps) {
  const copy = useCheckoutCopy();
  const { i18n } = useLingui();
  const id = useId();
  const [refused, setRefused] = useState<Message | null>(null);
  const accounts = view.facts?.accounts ?? [];
  const chosen = view.state.account;
  // Chosen before, but no longer among the buyer's accounts (the facts were loaded again).
  const gone = chosen && view.facts && !accountIn(view.facts, chosen.id) ? chosen.name : null;
  const pick = (accountId: string) => {
    setRefused(choose({ type: 'ChooseCustomerAccount', data: { accountId } }));
  };

  return (
    <section className="checkout-section" aria-labelledby={`${id}-heading`}>
      <fieldset className="accounts-group" aria-describedby={refused ? `${id}-refused` : undefined}>
        <legend>
          <h2 id={`${id}-heading`}>{copy('chooseCustomerAccount')}</h2>
        </legend>
        {accounts.length === 0 ? (
          <p>
            <Trans>No customer account is linked to you yet. Add yours with the form below.</Trans>
          </p>
        ) : (
          <ul className="checkout-options">
            {accounts.map((account) => {
              const inputId = `${id}-account-${account.id}`;
              const number = account.number;
              return (
                <li key={account.id} className="checkout-option">
                  <input
                    type="radio"
                    id={inputId}
                    name={`${id}-account`}
                    value={account.id}
                    checked={chosen?.id === account.id}
                    onChange={() => {
                      pick(account.id);
                    }}
                  />
                  <label htmlFor={inputId} className="accounts-option__label">
                    <span className="accounts-option__name">{account.name}</span>
                    <span className="accounts-option__meta">
                      <AccountTypeLabel type={account.type} />
                      {' · '}
                      <Trans>Account number {number}</Trans>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {refused ? (
          <p id={`${id}-refused`} className="field__error" role="alert">
            {i18n._(refused)}
          </p>
        ) : null}
      </fieldset>
      {gone ? (
        <p className="checkout-notice checkout-notice--warning">
          <Trans>
            The account you chose, {gone}, is no longer linked to you. Please choose another.
          </Trans>
        </p>
      ) : null}
      <details className="accounts-disclosure">
        <summary>{copy('accountNotListed')}</summary>
        <ClaimAccountForm store={store} view={view} choose={choose} online={online} />
      </details>
    </section>
  );
}

type ClaimInput = z.input<typeof claimAccountRequestSchema>;
type ClaimOutput = z.output<typeof claimAccountRequestSchema>;

/** 'Account not listed': found by the store, then listed here and chosen. */
function ClaimAccountForm({ store, view, choose, online }: SectionProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const failureOf = useRequestFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const labels = {
    accountNumber: t`Account number`,
    termsAccepted: t`I agree to the Terms & conditions`,
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClaimInput, unknown, ClaimOutput>({
    resolver: domainResolver(claimAccountRequestSchema, i18n, labels),
    defaultValues: { accountNumber: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setAdded(null);
    try {
      const { accountId } = await claimAccount(values.accountNumber, values.termsAccepted);
      await store.refreshFacts();
      const refused = choose({ type: 'ChooseCustomerAccount', data: { accountId } });
      if (refused) {
        setFailure(i18n._(refused));
        return;
      }
      const facts = store.view$.getValue()?.facts;
      const account = facts ? accountIn(facts, accountId) : undefined;
      const name = account?.name ?? values.accountNumber;
      reset();
      setAdded(t`${name} was added to your accounts and chosen.`);
    } catch (error) {
      const { path, text } = failureOf(error);
      if (path === null) setFailure(text);
      else {
        const field = path === 'termsAccepted' ? 'termsAccepted' : 'accountNumber';
        setError(field, { message: text }, { shouldFocus: true });
      }
    }
  });

  const numberError = errors.accountNumber?.message;
  const termsError = errors.termsAccepted?.message;
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {!online ? (
        <p id={`${id}-offline`} className="checkout-notice checkout-notice--warning">
          <Trans>You are offline. Adding an account needs an internet connection.</Trans>
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <Field
        id={`${id}-number`}
        label={labels.accountNumber}
        error={numberError}
        hint={t`A 4-digit organization account number, or a 12-character temporary account number.`}
      >
        <input
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          {...describedBy(`${id}-number`, numberError, true)}
          {...register('accountNumber')}
        />
      </Field>
      <div className={termsError ? 'field field--error' : 'field'}>
        <div className="accounts-checkbox">
          <input
            type="checkbox"
            {...describedBy(`${id}-terms`, termsError)}
            {...register('termsAccepted')}
          />
          <label htmlFor={`${id}-terms`}>{labels.termsAccepted}</label>
        </div>
        <a href={termsUrl(view.storefront.locale)} target="_blank" rel="noreferrer">
          <Trans>Read the Terms & conditions (opens in a new tab)</Trans>
        </a>
        {termsError ? (
          <p id={`${id}-terms-error`} className="field__error">
            {termsError}
          </p>
        ) : null}
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className="button-link"
          disabled={isSubmitting || !online}
          aria-describedby={online ? undefined : `${id}-offline`}
        >
          <Trans>Add account</Trans>
        </button>
      </div>
      <p role="status" className="field__hint">
        {added}
      </p>
    </form>
  );
}
