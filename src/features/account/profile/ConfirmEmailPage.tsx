/**
 * The page a link to confirm a new email address opens (decision 060): signed in as the user
 * who asked, the address changes and the page says so; an expired, used or foreign link is
 * told in words, and a visitor is asked to sign in first (the link comes back after it).
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PROFILE_MESSAGES } from '../../../../domain/profile/messages';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import { IDENTITY_MESSAGES } from '../../../../domain/validation/identity';
import { withValues } from '../../../../domain/shared/message';
import { ApiError } from '../../../infra/api';
import { translate } from '../../../infra/forms';
import { authSettled } from '../../../infra/auth/auth-state';
import { confirmEmailChange, type EmailLinkAnswer } from '../../../infra/profile/profile-store';
import { currentUser$ } from '../../../infra/session';
import { accountPath } from '../../../shell/account-links';
import { useStorefront } from '../../../shell/use-storefront';
import { AccountFrame } from '../components/AccountFrame';
import { SignInToSee } from './SignInToSee';

type ConfirmData =
  | { readonly kind: 'visitor' }
  | { readonly kind: 'done'; readonly answer: EmailLinkAnswer }
  | { readonly kind: 'refused'; readonly message: MessageDescriptor }
  /** Another user took the address since the link was sent. */
  | { readonly kind: 'taken' };

const REFUSALS: Readonly<Record<string, MessageDescriptor>> = {
  'email-link-expired': PROFILE_MESSAGES.emailLinkExpired,
  'email-link-invalid': PROFILE_MESSAGES.emailLinkInvalid,
  invalid_input: PROFILE_MESSAGES.emailLinkInvalid,
};

// One answer per link in this page's life: a second run of the loader reads the first.
const opened = new Map<string, Promise<EmailLinkAnswer>>();

function open(token: string): Promise<EmailLinkAnswer> {
  let answer = opened.get(token);
  if (!answer) {
    answer = confirmEmailChange(token);
    opened.set(token, answer);
    answer.catch(() => opened.delete(token));
  }
  return answer;
}

export async function confirmEmailLoader({ request }: LoaderFunctionArgs): Promise<ConfirmData> {
  await authSettled(10_000);
  if (!currentUser$.getValue()) return { kind: 'visitor' };
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    return { kind: 'done', answer: await open(token) };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401) return { kind: 'visitor' };
      const code = error.body?.error.code ?? '';
      // The address was taken by another user since the link was sent (SPEC 5's words).
      if (error.body?.error.fields?.some((f) => f.path === 'email')) return { kind: 'taken' };
      return { kind: 'refused', message: REFUSALS[code] ?? GENERAL_ERRORS.technical };
    }
    return { kind: 'refused', message: GENERAL_ERRORS.technical };
  }
}

export function ConfirmEmailPage() {
  const { t, i18n } = useLingui();
  const data = useLoaderData<ConfirmData>();
  const storefront = useStorefront();
  const profileLink = accountPath(storefront.locale, 'profile-details');
  const email = data.kind === 'done' ? data.answer.email : '';
  return (
    <AccountFrame
      current="profile-details"
      title={t`Confirm your email address`}
      heading={<Trans>Confirm your email address</Trans>}
    >
      {data.kind === 'visitor' ? (
        <SignInToSee />
      ) : data.kind === 'done' ? (
        <div role="status" data-testid="email-confirmed">
          <p>
            {data.answer.status === 'changed' ? (
              <Trans>Your email address is now {email}.</Trans>
            ) : (
              i18n._(PROFILE_MESSAGES.emailLinkUsed)
            )}
          </p>
          <p>
            <Trans>Sign in with {email} from now on.</Trans>
          </p>
          <p>
            <Link to={profileLink}>
              <Trans>Back to Profile & Password</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <div role="alert" data-testid="email-not-confirmed">
          <p>
            {data.kind === 'taken'
              ? translate(i18n, withValues(IDENTITY_MESSAGES.unique, { field: t`Email address` }))
              : i18n._(data.message)}
          </p>
          <p>
            <Link to={profileLink}>
              <Trans>Back to Profile & Password</Trans>
            </Link>
          </p>
        </div>
      )}
    </AccountFrame>
  );
}
