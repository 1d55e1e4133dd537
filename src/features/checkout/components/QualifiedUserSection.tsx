/**
 * 'Choose qualified user' (SPEC 2.6, 5, 6): the qualified users of the chosen account, each
 * with what their level may buy. Only those whose level covers every item in the cart can
 * be chosen; the others are shown with the reason. 'Add qualified user' finds a member of
 * the organization by email (online only) and lists them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { cartNeeds } from '../../../../domain/checkout/cart-snapshot';
import type { CheckoutAccount, QualifiedUserOption } from '../../../../domain/checkout/facts';
import { addQualifiedUserRequestSchema } from '../../../../domain/checkout/requests';
import type { Message } from '../../../../domain/shared/message';
import {
  levelCovers,
  purchasableLevels,
  type QualificationLevel,
} from '../../../../domain/validation/account';
import { addQualifiedUser } from '../../../infra/checkout/checkout-api';
import { domainResolver } from '../../../infra/forms';
import { describedBy, Field } from '../../../shell/FormField';
import { useCheckoutCopy } from '../hooks/use-checkout';
import { useRequestFailure, type SectionProps } from './CustomerAccountSection';

/** SPEC 6: what a level may buy ("Level A and B products"). */
function useLevelText(): (level: QualificationLevel) => string {
  const { t } = useLingui();
  return (level) => {
    const [first = level, second, third] = purchasableLevels(level);
    if (third) return t`Level ${first}, ${second} and ${third} products`;
    if (second) return t`Level ${first} and ${second} products`;
    return t`Level ${first} products`;
  };
}

export function QualifiedUserSection({
  account,
  ...props
}: SectionProps & { readonly account: CheckoutAccount }) {
  const { view, choose } = props;
  const copy = useCheckoutCopy();
  const { t, i18n } = useLingui();
  const id = useId();
  const levelText = useLevelText();
  const [refused, setRefused] = useState<Message | null>(null);
  const needed = view.cart ? cartNeeds(view.cart.lines).level : null;
  const chosenId = view.state.qualifiedUser?.userId ?? null;

  /** Why this user cannot be chosen for this cart; null when they can. */
  const whyNot = (user: QualifiedUserOption): string | null => {
    const level = user.level;
    if (!level) return t`No qualification on record`;
    if (needed && !levelCovers(level, needed)) {
      const name = `${user.firstName} ${user.lastName}`;
      return t`${name}'s qualification (level ${level}) does not cover the level ${needed} items in your cart.`;
    }
    return null;
  };

  return (
    <section className="checkout-section" aria-labelledby={`${id}-heading`}>
      <fieldset className="accounts-group" aria-describedby={refused ? `${id}-refused` : undefined}>
        <legend>
          <h2 id={`${id}-heading`}>{copy('chooseQualifiedUser')}</h2>
        </legend>
        {account.qualifiedUsers.length === 0 ? (
          <p>
            <Trans>
              No qualified user is listed for this account yet. Add one with their email address
              below.
            </Trans>
          </p>
        ) : (
          <ul className="checkout-options">
            {account.qualifiedUsers.map((user) => {
              const inputId = `${id}-user-${user.userId}`;
              const why = whyNot(user);
              return (
                <li
                  key={user.userId}
                  className={why ? 'checkout-option is-disabled' : 'checkout-option'}
                >
                  <input
                    type="radio"
                    id={inputId}
                    name={`${id}-user`}
                    value={user.userId}
                    checked={chosenId === user.userId}
                    disabled={why !== null}
                    aria-describedby={why ? `${inputId}-why` : undefined}
                    onChange={() => {
                      setRefused(
                        choose({ type: 'ChooseQualifiedUser', data: { userId: user.userId } }),
                      );
                    }}
                  />
                  <label htmlFor={inputId} className="accounts-option__label">
                    <span className="accounts-option__name">
                      {user.firstName} {user.lastName}
                    </span>
                    {user.level ? (
                      <span className="accounts-option__meta">{levelText(user.level)}</span>
                    ) : null}
                  </label>
                  {why ? (
                    <p id={`${inputId}-why`} className="checkout-option__why">
                      {why}
                    </p>
                  ) : null}
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
      <details className="accounts-disclosure">
        <summary>{copy('addQualifiedUser')}</summary>
        <AddQualifiedUserForm {...props} account={account} />
      </details>
    </section>
  );
}

type AddUserInput = z.input<typeof addQualifiedUserRequestSchema>;
type AddUserOutput = z.output<typeof addQualifiedUserRequestSchema>;

function AddQualifiedUserForm({
  store,
  online,
  account,
}: SectionProps & { readonly account: CheckoutAccount }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const failureOf = useRequestFailure();
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const organization = account.name;
  const labels = { email: t`Email address of the qualified user` };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddUserInput, unknown, AddUserOutput>({
    resolver: domainResolver(addQualifiedUserRequestSchema, i18n, labels),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setAdded(null);
    try {
      const user = await addQualifiedUser(account.id, email);
      await store.refreshFacts();
      const name = `${user.firstName} ${user.lastName}`;
      reset();
      setAdded(t`${name} is now listed as a qualified user of this account.`);
    } catch (error) {
      const { path, text } = failureOf(error);
      if (path === null) setFailure(text);
      else setError('email', { message: text }, { shouldFocus: true });
    }
  });

  const emailError = errors.email?.message;
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {!online ? (
        <p id={`${id}-offline`} className="checkout-notice checkout-notice--warning">
          <Trans>You are offline. Adding a qualified user needs an internet connection.</Trans>
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <Field
        id={`${id}-email`}
        label={labels.email}
        error={emailError}
        hint={
          account.type === 'ORGANIZATION' ? t`They must be a member of ${organization}.` : undefined
        }
      >
        <input
          type="email"
          autoComplete="off"
          spellCheck={false}
          {...describedBy(`${id}-email`, emailError, account.type === 'ORGANIZATION')}
          {...register('email')}
        />
      </Field>
      <div className="form__actions">
        <button
          type="submit"
          className="button-link"
          disabled={isSubmitting || !online}
          aria-describedby={online ? undefined : `${id}-offline`}
        >
          <Trans>Add user</Trans>
        </button>
      </div>
      <p role="status" className="field__hint">
        {added}
      </p>
    </form>
  );
}
