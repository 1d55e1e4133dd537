/**
 * Accounts (SPEC 1, 2.7, 6; decision 056): the buyer's customer accounts, personal and
 * organisations, with their numbers, the buyer's role and the discounts (SPEC 4.7); leaving
 * an organisation; 'Account not listed' as at checkout; an organisation's administrator
 * reaches its members. Offline, the accounts seen before are shown and changes wait for the
 * connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type * as z from 'zod';
import {
  ACCOUNT_MESSAGES,
  buyingAsAccount,
  managesMembers,
} from '../../../../domain/customer/accounts';
import type { CustomerAccountSummary } from '../../../../domain/customer/address-book';
import {
  DISCOUNT_LABELS,
  discountNotice,
  type OrgDiscountStatus,
  type UapStatus,
} from '../../../../domain/pricing/discount-label';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import { customerAccountSchema } from '../../../../domain/validation/account';
import { ApiError } from '../../../infra/api';
import { domainResolver, translate } from '../../../infra/forms';
import { accountPath } from '../../../shell/account-links';
import { useStorefront } from '../../../shell/use-storefront';
import { ConfirmButton } from '../components/ConfirmButton';
import {
  AccountFrame,
  ChangesNeedConnection,
  SignInToSee,
  useOnline,
  useReloadWhenOnline,
} from '../components/AccountFrame';
import { announceSwitch } from '../../../infra/buying-as';
import { currentUser$ } from '../../../infra/session';
import {
  claimAccount,
  leaveAccount,
  switchBuyingAs,
  type AccountsRouteData,
} from './accounts-loader';
import './accounts.css';

/** What the store said of a refused change, in the page's language. */
export function useRefusal() {
  const { i18n } = useLingui();
  return (error: unknown): { path: string | null; text: string } => {
    const field = error instanceof ApiError ? error.body?.error.fields?.[0] : undefined;
    if (!field) return { path: null, text: i18n._(GENERAL_ERRORS.generic) };
    return {
      path: field.path || null,
      text: translate(i18n, { id: field.code, message: field.message, values: field.values ?? {} }),
    };
  };
}

export function AccountsPage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<AccountsRouteData>();
  const storefront = useStorefront();
  const online = useOnline();
  const revalidator = useRevalidator();
  const refusal = useRefusal();
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useReloadWhenOnline(data);
  const canChange = online && data.fresh;
  const accounts = data.data?.items ?? [];
  const buyingAs = buyingAsAccount(accounts, data.data?.buyingAs);
  const organizationName = buyingAs?.name ?? '';
  const organizationNumber = buyingAs?.accountNumber ?? '';

  // After a change the button pressed may be gone: the focus goes to what the page said.
  const said = useRef<HTMLDivElement>(null);
  const leave = async (account: CustomerAccountSummary) => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    setProblem(null);
    try {
      await leaveAccount(account.id);
      setNotice(i18n._(ACCOUNT_MESSAGES.left));
    } catch (error) {
      setProblem(refusal(error).text);
    } finally {
      await revalidator.revalidate();
      setBusy(false);
      said.current?.focus();
    }
  };

  const buyAs = async (account: CustomerAccountSummary) => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    setProblem(null);
    try {
      await switchBuyingAs(account.id);
      const user = currentUser$.getValue();
      if (user) {
        announceSwitch({
          userId: user.id,
          accountType: account.accountType,
          name: account.name,
          number: account.accountNumber,
        });
      }
    } catch (error) {
      setProblem(refusal(error).text);
    } finally {
      await revalidator.revalidate();
      setBusy(false);
    }
  };

  return (
    <AccountFrame current="accounts" title={t`Accounts`} heading={<Trans>Accounts</Trans>}>
      {!data.signedIn ? (
        <SignInToSee>
          <Trans>Sign in to see your accounts.</Trans>
        </SignInToSee>
      ) : (
        <>
          <ChangesNeedConnection savedAt={data.fresh ? null : data.savedAt} />
          {data.problem ? (
            <p className="form-error" role="alert">
              {i18n._(data.problem)}
            </p>
          ) : null}
          <div ref={said} tabIndex={-1}>
            <p role="status" className="accounts-page__notice" data-testid="accounts-notice">
              {notice ?? ''}
            </p>
            {problem ? (
              <p className="form-error" role="alert" data-testid="accounts-problem">
                {problem}
              </p>
            ) : null}
          </div>
          {buyingAs ? (
            <p className="accounts-page__buying-as" data-testid="buying-as">
              {buyingAs.accountType === 'ORGANIZATION' ? (
                <Trans>
                  You buy for an organization: {organizationName} ({organizationNumber}).
                </Trans>
              ) : (
                <Trans>You buy as an individual, with your personal account.</Trans>
              )}
            </p>
          ) : null}
          <ul className="accounts-page__list" aria-label={t`Your customer accounts`}>
            {accounts.map((account) => (
              <AccountItem
                key={account.id}
                account={account}
                membersPath={accountPath(storefront.locale, `accounts/${account.id}/members`)}
                disabled={!canChange || busy}
                buyingAs={buyingAs?.id === account.id}
                onLeave={() => void leave(account)}
                onBuyAs={() => void buyAs(account)}
              />
            ))}
          </ul>
          {accounts.length === 0 ? (
            <p>
              <Trans>You are not a member of any customer account yet.</Trans>
            </p>
          ) : null}
          {canChange ? (
            <ClaimForm
              onClaimed={(name) => {
                setProblem(null);
                setNotice(t`${name} was added to your accounts.`);
                void revalidator.revalidate();
              }}
            />
          ) : null}
        </>
      )}
    </AccountFrame>
  );
}

function AccountItem({
  account,
  membersPath,
  disabled,
  buyingAs,
  onLeave,
  onBuyAs,
}: {
  account: CustomerAccountSummary;
  membersPath: string;
  disabled: boolean;
  /** Whether the buyer buys as this account now. */
  buyingAs: boolean;
  onLeave: () => void;
  onBuyAs: () => void;
}) {
  const { i18n } = useLingui();
  const number = account.accountNumber;
  const name = account.name;
  const organization = account.accountType === 'ORGANIZATION';
  return (
    <li className="accounts-page__account" data-testid="customer-account">
      <h2 className="accounts-page__name">{name}</h2>
      {buyingAs ? (
        <p className="accounts-page__current" data-testid="account-buying-as">
          <Trans>You buy as this account</Trans>
        </p>
      ) : null}
      {account.mergedAccounts.map((merged) => {
        const old = merged.accountNumber;
        const on = new Intl.DateTimeFormat(i18n.locale, {
          dateStyle: 'long',
          timeZone: 'UTC',
        }).format(new Date(`${merged.mergedOn}T00:00:00Z`));
        return (
          <p key={old} className="accounts-page__merged" data-testid="account-merged">
            <Trans>
              Account {old} was a duplicate of this account and was merged into it on {on}. Its
              orders, quotes and invoices are now under account {number}.
            </Trans>
          </p>
        );
      })}
      <dl className="accounts-page__facts">
        <dt>
          <Trans>Account number</Trans>
        </dt>
        <dd data-testid="account-number">{number}</dd>
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{organization ? <Trans>Organization</Trans> : <Trans>Personal</Trans>}</dd>
        <dt>
          <Trans>Your role</Trans>
        </dt>
        <dd data-testid="account-role">
          {account.role === 'owner' ? (
            <Trans>Owner</Trans>
          ) : account.role === 'administrator' ? (
            <Trans>Administrator</Trans>
          ) : (
            <Trans>Member</Trans>
          )}
        </dd>
        <dt>
          <Trans>Discounts</Trans>
        </dt>
        <dd data-testid="account-discounts">
          {account.discounts.length === 0 ? (
            <Trans>None</Trans>
          ) : (
            <ul className="accounts-page__discounts">
              {account.discounts.map((discount) => {
                const label = i18n._(
                  discount.programme === 'UAP' ? DISCOUNT_LABELS.uap : DISCOUNT_LABELS.organization,
                );
                const notice = discountNotice(discount.status as UapStatus | OrgDiscountStatus);
                return (
                  <li key={discount.programme}>
                    {label}: {notice ? i18n._(notice) : <Trans>Applied</Trans>}
                  </li>
                );
              })}
            </ul>
          )}
        </dd>
      </dl>
      <div className="accounts-page__actions">
        {buyingAs ? null : (
          <button type="button" className="button-secondary" disabled={disabled} onClick={onBuyAs}>
            {organization ? (
              <Trans>
                Buy for this organization<span className="visually-hidden">: {name}</span>
              </Trans>
            ) : (
              <Trans>Buy as an individual</Trans>
            )}
          </button>
        )}
        {organization ? (
          <>
            {managesMembers(account.role) ? (
              <Link to={membersPath}>
                <Trans>
                  Members<span className="visually-hidden"> of {name}</span>
                </Trans>
              </Link>
            ) : null}
            <ConfirmButton
              disabled={disabled}
              onConfirm={onLeave}
              label={
                <Trans>
                  Leave organization<span className="visually-hidden">: {name}</span>
                </Trans>
              }
              question={<Trans>Leave {name}? To join again you need a new invitation.</Trans>}
              confirmLabel={<Trans>Yes, leave it</Trans>}
            />
          </>
        ) : null}
      </div>
    </li>
  );
}

type ClaimInput = z.input<typeof customerAccountSchema>;
type ClaimOutput = z.output<typeof customerAccountSchema>;

/** 'Account not listed', as at checkout: an account that invited the buyer, by its number. */
function ClaimForm({ onClaimed }: { onClaimed: (name: string) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const refusal = useRefusal();
  const [failure, setFailure] = useState<string | null>(null);
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
    resolver: domainResolver(customerAccountSchema, i18n, labels),
    defaultValues: { accountNumber: '' },
  });
  const submit = async (values: ClaimOutput) => {
    setFailure(null);
    try {
      await claimAccount(values.accountNumber, values.termsAccepted);
      reset();
      onClaimed(values.accountNumber);
    } catch (error) {
      const { path, text } = refusal(error);
      if (path === 'termsAccepted' || path === 'accountNumber') {
        setError(path, { message: text }, { shouldFocus: true });
      } else setFailure(text);
    }
  };
  const numberError = errors.accountNumber?.message;
  const termsError = errors.termsAccepted?.message;
  return (
    <form
      className="form accounts-page__claim"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <h2 id={`${id}-heading`}>
        <Trans>Account not listed</Trans>
      </h2>
      {failure ? (
        <p role="alert" className="form-error" data-testid="accounts-claim-problem">
          {failure}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-number`}>{labels.accountNumber}</label>
        <input
          id={`${id}-number`}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={`${id}-number-hint${numberError ? ` ${id}-number-error` : ''}`}
          {...register('accountNumber')}
        />
        <p id={`${id}-number-hint`} className="field__hint">
          <Trans>
            A 4-digit organization account number, or a 12-character temporary account number.
          </Trans>
        </p>
        {numberError ? (
          <p id={`${id}-number-error`} className="field__error">
            {numberError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <div className="accounts-page__checkbox">
          <input
            id={`${id}-terms`}
            type="checkbox"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${id}-terms-error` : undefined}
            {...register('termsAccepted')}
          />
          <label htmlFor={`${id}-terms`}>{labels.termsAccepted}</label>
        </div>
        {termsError ? (
          <p id={`${id}-terms-error`} className="field__error">
            {termsError}
          </p>
        ) : null}
      </div>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={isSubmitting}>
          <Trans>Add account</Trans>
        </button>
      </div>
    </form>
  );
}
