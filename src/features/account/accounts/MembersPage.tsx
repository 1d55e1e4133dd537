/**
 * An organisation's members (SPEC 6; decision 056), for its administrator: who is a member and
 * in what role, who is invited, and a form to invite or remove a person by email. Offline, the
 * list seen before, and changes wait for the connection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type * as z from 'zod';
import {
  ACCOUNT_MESSAGES,
  managesMembers,
  memberEmailRequestSchema,
} from '../../../../domain/customer/accounts';
import { domainResolver } from '../../../infra/forms';
import { accountPath } from '../../../shell/account-links';
import { useStorefront } from '../../../shell/use-storefront';
import {
  AccountFrame,
  ChangesNeedConnection,
  SignInToSee,
  useOnline,
  useReloadWhenOnline,
} from '../components/AccountFrame';
import { inviteMember, removeMember, type MembersRouteData } from './accounts-loader';
import { useRefusal } from './AccountsPage';
import './accounts.css';

type EmailInput = z.input<typeof memberEmailRequestSchema>;
type EmailOutput = z.output<typeof memberEmailRequestSchema>;

export function MembersPage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<MembersRouteData>();
  const storefront = useStorefront();
  const online = useOnline();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  useReloadWhenOnline(data);
  const view = data.data;
  const name = view?.account.name ?? '';
  const back = accountPath(storefront.locale, 'accounts');
  return (
    <AccountFrame
      current="accounts"
      title={view ? t`Members of ${name}` : t`Members`}
      heading={view ? <Trans>Members of {name}</Trans> : <Trans>Members</Trans>}
    >
      <p>
        <Link to={back}>
          <Trans>Back to Accounts</Trans>
        </Link>
      </p>
      {!data.signedIn ? (
        <SignInToSee>
          <Trans>Sign in to see this organization's members.</Trans>
        </SignInToSee>
      ) : !view ? (
        <p data-testid="members-not-found">
          {data.notFound ? (
            <Trans>This organization is not one of your accounts.</Trans>
          ) : (
            <Trans>This organization's members have not been seen on this device.</Trans>
          )}
        </p>
      ) : (
        <>
          <ChangesNeedConnection savedAt={data.fresh ? null : data.savedAt} />
          {data.problem ? (
            <p className="form-error" role="alert">
              {i18n._(data.problem)}
            </p>
          ) : null}
          <p role="status" className="accounts-page__notice" data-testid="members-notice">
            {notice ?? ''}
          </p>
          <table className="accounts-page__members">
            <caption className="visually-hidden">
              <Trans>Members of {name}</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.members.map((member) => (
                <tr key={member.userId} data-testid="member">
                  <td>
                    {member.firstName} {member.lastName}
                  </td>
                  <td>
                    {member.role === 'owner' ? (
                      <Trans>Owner</Trans>
                    ) : member.role === 'administrator' ? (
                      <Trans>Administrator</Trans>
                    ) : (
                      <Trans>Member</Trans>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {view.invitations.length > 0 ? (
            <>
              <h2>
                <Trans>Invited</Trans>
              </h2>
              <ul data-testid="invitations">
                {view.invitations.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            </>
          ) : null}
          {managesMembers(view.account.role) && online && data.fresh ? (
            <div className="accounts-page__member-forms">
              <EmailForm
                action="invite"
                onDone={() => {
                  setNotice(i18n._(ACCOUNT_MESSAGES.invited));
                  void revalidator.revalidate();
                }}
                accountId={data.accountId}
              />
              <EmailForm
                action="remove"
                onDone={() => {
                  setNotice(i18n._(ACCOUNT_MESSAGES.removed));
                  void revalidator.revalidate();
                }}
                accountId={data.accountId}
              />
            </div>
          ) : null}
        </>
      )}
    </AccountFrame>
  );
}

function EmailForm({
  action,
  accountId,
  onDone,
}: {
  action: 'invite' | 'remove';
  accountId: string;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const storefront = useStorefront();
  const refusal = useRefusal();
  const labels = { email: t`Email address` };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailInput, unknown, EmailOutput>({
    resolver: domainResolver(memberEmailRequestSchema, i18n, labels),
    defaultValues: { email: '' },
  });
  const submit = async ({ email }: EmailOutput) => {
    try {
      if (action === 'invite') await inviteMember(accountId, email, storefront.locale);
      else await removeMember(accountId, email);
      reset();
      onDone();
    } catch (error) {
      setError('email', { message: refusal(error).text }, { shouldFocus: true });
    }
  };
  const error = errors.email?.message;
  return (
    <form
      className="form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <h2 id={`${id}-heading`}>
        {action === 'invite' ? <Trans>Invite a member</Trans> : <Trans>Remove a member</Trans>}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-email`}>{labels.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-email-error` : undefined}
          {...register('email')}
        />
        {error ? (
          <p id={`${id}-email-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className={action === 'invite' ? 'button-link' : 'button-secondary'}
          disabled={isSubmitting}
        >
          {action === 'invite' ? <Trans>Send invitation</Trans> : <Trans>Remove</Trans>}
        </button>
      </div>
    </form>
  );
}
