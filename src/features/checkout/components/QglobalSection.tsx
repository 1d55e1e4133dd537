/**
 * 'Choose Q-global account' (SPEC 2.6, 4.8, 6), for carts with items delivered into
 * Q-global: an existing account of the customer account or of the buyer's profile, or a new
 * one owned by the qualified user. 'Add a Q-global account' looks a number up in the store
 * (online only) with the outcomes of SPEC 4.8: not found; no access (ask an account
 * specialist); linked to an organization (add it to your profile? Yes or No); already yours.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { accountIn, qglobalOptions, type CheckoutAccount } from '../../../../domain/checkout/facts';
import { CHECKOUT_RULE_MESSAGES } from '../../../../domain/checkout/messages';
import { qglobalRequestSchema } from '../../../../domain/checkout/requests';
import type { Message } from '../../../../domain/shared/message';
import { addQglobalToProfile, lookupQglobal } from '../../../infra/checkout/checkout-api';
import { domainResolver } from '../../../infra/forms';
import { describedBy, Field } from '../../../shell/FormField';
import { useModalDialog } from '../../../shell/use-modal-dialog';
import { useCheckoutCopy } from '../hooks/use-checkout';
import { useRequestFailure, type SectionProps } from './CustomerAccountSection';

type Props = SectionProps & { readonly account: CheckoutAccount };

const contactUrl = (locale: string) => `/content/${locale}/contact-us.html`;

export function QglobalSection(props: Props) {
  const { view, choose, account } = props;
  const copy = useCheckoutCopy();
  const { t, i18n } = useLingui();
  const id = useId();
  const [refused, setRefused] = useState<Message | null>(null);
  const options = view.facts ? qglobalOptions(view.facts, account) : [];
  const chosen = view.state.qglobal;
  const owner = view.state.qualifiedUser;
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}` : '';
  const newId = `${id}-new`;

  return (
    <section className="checkout-section" aria-labelledby={`${id}-heading`}>
      <fieldset className="accounts-group" aria-describedby={refused ? `${id}-refused` : undefined}>
        <legend>
          <h2 id={`${id}-heading`}>{copy('chooseQGlobalAccount')}</h2>
        </legend>
        <p className="field__hint">
          <Trans>The digital items in your cart are delivered into this Q-global account.</Trans>
        </p>
        <ul className="checkout-options">
          {options.map((number) => {
            const inputId = `${id}-qglobal-${number}`;
            return (
              <li key={number} className="checkout-option">
                <input
                  type="radio"
                  id={inputId}
                  name={`${id}-qglobal`}
                  value={number}
                  checked={chosen?.mode === 'existing' && chosen.accountNumber === number}
                  onChange={() => {
                    setRefused(
                      choose({
                        type: 'ChooseQglobalAccount',
                        data: { mode: 'existing', accountNumber: number },
                      }),
                    );
                  }}
                />
                <label htmlFor={inputId} className="accounts-option__label">
                  <span className="accounts-option__name">
                    <Trans>Q-global account {number}</Trans>
                  </span>
                </label>
              </li>
            );
          })}
          <li className={owner ? 'checkout-option' : 'checkout-option is-disabled'}>
            <input
              type="radio"
              id={newId}
              name={`${id}-qglobal`}
              value="new"
              checked={chosen?.mode === 'new'}
              disabled={!owner}
              aria-describedby={`${newId}-about`}
              onChange={() => {
                setRefused(choose({ type: 'ChooseQglobalAccount', data: { mode: 'new' } }));
              }}
            />
            <label htmlFor={newId} className="accounts-option__label">
              <span className="accounts-option__name">
                <Trans>Create a new Q-global account</Trans>
              </span>
            </label>
            {owner ? (
              <p id={`${newId}-about`} className="checkout-option__meta">
                <Trans>
                  {ownerName} becomes its owner and administrator; the rights can be transferred
                  later.
                </Trans>
              </p>
            ) : (
              <p id={`${newId}-about`} className="checkout-option__why">
                {i18n._(CHECKOUT_RULE_MESSAGES.chooseQualifiedUserFirst)}{' '}
                {t`The qualified user becomes the owner and administrator of the new account.`}
              </p>
            )}
          </li>
        </ul>
        {refused ? (
          <p id={`${id}-refused`} className="field__error" role="alert">
            {i18n._(refused)}
          </p>
        ) : null}
      </fieldset>
      <details className="accounts-disclosure">
        <summary>
          <Trans>Add a Q-global account</Trans>
        </summary>
        <AddQglobalForm {...props} />
      </details>
      <details className="accounts-disclosure">
        <summary>
          <Trans>Find your account</Trans>
        </summary>
        <p>
          <Trans>
            Your Q-global account number is in the welcome email you received from Q-global. Your
            account administrator can also tell you the number, or ask your account specialist.
          </Trans>{' '}
          <a href={contactUrl(view.storefront.locale)}>
            <Trans>Contact an account specialist</Trans>
          </a>
        </p>
      </details>
    </section>
  );
}

type LookupInput = z.input<typeof qglobalRequestSchema>;
type LookupOutput = z.output<typeof qglobalRequestSchema>;

interface Linked {
  readonly accountNumber: string;
  readonly organization: string;
}

function AddQglobalForm({ store, view, choose, online }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const failureOf = useRequestFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const [noAccess, setNoAccess] = useState(false);
  const [linked, setLinked] = useState<Linked | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const labels = { accountNumber: t`Q-global account number` };
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LookupInput, unknown, LookupOutput>({
    resolver: domainResolver(qglobalRequestSchema, i18n, labels),
    defaultValues: { accountNumber: '' },
  });

  /** Chooses an account the buyer may now use, or shows why it was refused. */
  const chooseExisting = (accountNumber: string) => {
    const refused = choose({
      type: 'ChooseQglobalAccount',
      data: { mode: 'existing', accountNumber },
    });
    if (refused) {
      setFailure(i18n._(refused));
      return;
    }
    reset();
    setAdded(t`Q-global account ${accountNumber} is chosen.`);
  };

  const onSubmit = handleSubmit(async ({ accountNumber }) => {
    setFailure(null);
    setNoAccess(false);
    setAdded(null);
    try {
      const found = await lookupQglobal(accountNumber);
      switch (found.outcome) {
        case 'not-found':
          setError(
            'accountNumber',
            { message: i18n._(CHECKOUT_RULE_MESSAGES.qglobalNotFound) },
            { shouldFocus: true },
          );
          return;
        case 'no-access':
          setNoAccess(true);
          return;
        case 'linked':
          setLinked({ accountNumber: found.accountNumber, organization: found.organization });
          return;
        case 'yours': {
          const facts = store.view$.getValue()?.facts;
          const chosen = view.state.account;
          const account = facts && chosen ? accountIn(facts, chosen.id) : undefined;
          const known =
            facts && account ? qglobalOptions(facts, account).includes(found.accountNumber) : false;
          if (!known) await store.refreshFacts();
          chooseExisting(found.accountNumber);
          return;
        }
      }
    } catch (error) {
      const { path, text } = failureOf(error);
      if (path === null) setFailure(text);
      else setError('accountNumber', { message: text }, { shouldFocus: true });
    }
  });

  const numberError = errors.accountNumber?.message;
  return (
    <>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {!online ? (
          <p id={`${id}-offline`} className="checkout-notice checkout-notice--warning">
            <Trans>You are offline. Adding a Q-global account needs an internet connection.</Trans>
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="form-error">
            {failure}
          </p>
        ) : null}
        {noAccess ? (
          <p role="alert" className="checkout-notice checkout-notice--error">
            <Trans>
              You do not have access to this account. Please ask an account specialist to give you
              access.
            </Trans>{' '}
            <a href={contactUrl(view.storefront.locale)}>
              <Trans>Contact an account specialist</Trans>
            </a>
          </p>
        ) : null}
        <Field id={`${id}-number`} label={labels.accountNumber} error={numberError}>
          <input
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            {...describedBy(`${id}-number`, numberError)}
            {...register('accountNumber')}
          />
        </Field>
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
      {linked ? (
        <LinkedAccountDialog
          linked={linked}
          onYes={async () => {
            await addQglobalToProfile(linked.accountNumber);
            await store.refreshFacts();
          }}
          onDone={(yes) => {
            setLinked(null);
            if (yes) chooseExisting(linked.accountNumber);
            setFocus('accountNumber');
          }}
        />
      ) : null}
    </>
  );
}

/**
 * SPEC 4.8: an account linked to an organization; Yes adds it to the buyer's profile (and
 * it is chosen), No closes and nothing is chosen.
 */
function LinkedAccountDialog({
  linked,
  onYes,
  onDone,
}: {
  linked: Linked;
  /** Adds the account to the profile; throws when the store did not. */
  onYes: () => Promise<void>;
  onDone: (added: boolean) => void;
}) {
  const dialog = useModalDialog();
  const id = useId();
  const failureOf = useRequestFailure();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { organization } = linked;
  const close = (added: boolean) => {
    dialog.current?.close();
    onDone(added);
  };
  const yes = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onYes();
      close(true);
    } catch (error) {
      setFailure(failureOf(error).text);
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      aria-busy={busy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close(false);
      }}
    >
      <h2 id={`${id}-title`}>
        <Trans>Add this Q-global account?</Trans>
      </h2>
      <p id={`${id}-text`}>
        <Trans>
          This account belongs to {organization}. Do you want to add it to your profile?
        </Trans>
      </p>
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <p role="status" className="field__hint">
        {busy ? <Trans>Adding the account to your profile…</Trans> : null}
      </p>
      <div className="modal__actions">
        {/* aria-disabled, not disabled: focus stays on the button while the store answers. */}
        <button
          type="button"
          className="button-link"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) void yes();
          }}
        >
          <Trans>Yes</Trans>
        </button>
        <button
          type="button"
          className="button-secondary"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) close(false);
          }}
        >
          <Trans>No</Trans>
        </button>
      </div>
    </dialog>
  );
}
