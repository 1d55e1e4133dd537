/**
 * /{locale}/my-account/support (decision 063): customer service's console. Who is signed in
 * and the regions they serve, the session of acting they hold (to continue or end), finding a
 * customer by email, name, account, order or quote number, starting to act for them, and the
 * agent's recent sessions. Starting a session loads the store afresh: its sign-in check then
 * answers with the buyer, and every page works as theirs.
 */
import {
  CUSTOMER_SEARCH_MAX,
  CUSTOMER_SEARCH_MIN,
  type CustomerMatch,
} from '../../../../domain/support/support';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import {
  customerQuery,
  startRefusal,
  supportConsolePath,
  supportLoginPath,
  type Acting,
  type SupportAccount,
  type SupportCustomer,
  type SupportSession,
} from '../../../../domain/support/api';
import { ApiError } from '../../../infra/api';
import {
  endSession,
  findCustomers,
  startSession,
  supportSignOut,
} from '../../../infra/support/support-api';
import { describedBy, Field } from '../../../shell/FormField';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import type { SupportConsoleData } from '../support-loader';
import '../support.css';

const MATCHED_BY_LABELS: Record<CustomerMatch, MessageDescriptor> = {
  email: msg`Email`,
  name: msg`Name`,
  account: msg`Customer account number`,
  order: msg`Order number`,
  quote: msg`Quote number`,
};

function fullName(person: { readonly firstName: string; readonly lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function SupportConsolePage() {
  const { t } = useLingui();
  const { me, sessions } = useLoaderData<SupportConsoleData>();
  const storefront = useStorefront();
  const agentName = fullName(me.agent);
  const agentEmail = me.agent.email;
  const regions = me.agent.regions.join(', ');
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="page support">
      <title>{t`Customer service | Assessments Store`}</title>
      <div className="support__top">
        <h1>
          <Trans>Customer service</Trans>
        </h1>
        <button
          type="button"
          className="button-secondary"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            // Signed out on the server or not, this tab leaves for the sign-in page.
            void supportSignOut()
              .catch((error: unknown) => {
                console.error('Failed to sign out of customer service', error);
              })
              .finally(() => {
                window.location.assign(supportLoginPath(storefront.locale));
              });
          }}
        >
          <Trans>Sign out</Trans>
        </button>
      </div>
      <p className="support__who">
        <Trans>
          Signed in as {agentName} ({agentEmail}). Regions: {regions}.
        </Trans>
      </p>
      {me.acting ? <CurrentSession acting={me.acting} /> : null}
      <FindCustomer />
      <RecentSessions sessions={sessions} />
    </div>
  );
}

/** The session the agent holds: back to the store as the buyer, or end it. */
function CurrentSession({ acting }: { acting: Acting }) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const buyerName = fullName(acting.buyer);
  const account = acting.account;
  const accountName = account?.name ?? '';
  const accountNumber = account?.number ?? '';
  const end = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await endSession();
      window.location.assign(supportConsolePath(storefront.locale));
    } catch (error) {
      console.error('The session could not be ended.', error);
      setProblem(t`The session could not be ended. Please try again.`);
      setBusy(false);
    }
  };
  return (
    <section className="support__section support__acting" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>You are acting for {buyerName}</Trans>
      </h2>
      {account ? (
        <p>
          <Trans>
            Account: {accountName} ({accountNumber})
          </Trans>
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <div className="support__actions">
        {/* A full load: the store's sign-in check answers with the buyer. */}
        <a className="button-link" href={`/${storefront.locale}/`}>
          <Trans>Continue</Trans>
        </a>
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          onClick={() => void end()}
        >
          <Trans>End session</Trans>
        </button>
      </div>
    </section>
  );
}

type Search =
  | { readonly kind: 'idle' }
  | { readonly kind: 'searching' }
  | {
      readonly kind: 'found';
      readonly query: string;
      readonly customers: readonly SupportCustomer[];
    }
  | { readonly kind: 'failed' };

/** The search for a customer, and starting to act for one of them. */
function FindCustomer() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState<Search>({ kind: 'idle' });
  const [starting, setStarting] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const said = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const query = customerQuery(input);
    if (!query) {
      const [min, max] = [CUSTOMER_SEARCH_MIN, CUSTOMER_SEARCH_MAX];
      setInputError(t`Enter ${min} to ${max} characters.`);
      return;
    }
    setInputError(undefined);
    setSearch({ kind: 'searching' });
    try {
      setSearch({ kind: 'found', query, customers: await findCustomers(query) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        window.location.assign(supportLoginPath(storefront.locale));
        return;
      }
      console.error('The customer search failed.', error);
      setSearch({ kind: 'failed' });
    }
    said.current?.focus();
  };

  const start = async (customer: SupportCustomer, account: SupportAccount | null) => {
    if (starting) return;
    setStarting(`${customer.id}:${account?.id ?? ''}`);
    setRefusal(null);
    try {
      await startSession(customer.id, account?.id ?? null);
      // A full load: the store's sign-in check now answers with the buyer (decision 063).
      window.location.assign(`/${storefront.locale}/`);
    } catch (error) {
      const why = startRefusal(
        error instanceof ApiError ? error.status : null,
        error instanceof ApiError ? (error.body?.error.message ?? null) : null,
      );
      if (why.kind === 'signed-out') {
        window.location.assign(supportLoginPath(storefront.locale));
        return;
      }
      setRefusal(
        why.kind === 'not-found'
          ? t`This customer is outside your regions or does not exist.`
          : why.kind === 'refused'
            ? why.message
            : t`The session could not be started. Please try again.`,
      );
      setStarting(null);
      said.current?.focus();
    }
  };

  return (
    <div className="support__section">
      <form
        className="form support__search"
        noValidate
        role="search"
        onSubmit={(e) => void submit(e)}
      >
        <Field
          id="support-query"
          label={t`Find a customer`}
          hint={t`Email, name, customer account number, order number or quote number`}
          error={inputError}
        >
          <input
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            maxLength={CUSTOMER_SEARCH_MAX}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
            }}
            {...describedBy('support-query', inputError, true)}
          />
        </Field>
        <div className="form__actions">
          <button type="submit" className="button-link" disabled={search.kind === 'searching'}>
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      <div ref={said} tabIndex={-1} className="support__said">
        {refusal ? (
          <p role="alert" className="form-error">
            {refusal}
          </p>
        ) : null}
        {search.kind === 'searching' ? (
          <p role="status">
            <Trans>Searching…</Trans>
          </p>
        ) : search.kind === 'failed' ? (
          <p role="alert" className="form-error">
            <Trans>The search could not be completed. Please try again.</Trans>
          </p>
        ) : search.kind === 'found' ? (
          <Customers
            query={search.query}
            customers={search.customers}
            starting={starting}
            onStart={(customer, account) => void start(customer, account)}
          />
        ) : null}
      </div>
    </div>
  );
}

function Customers({
  query,
  customers,
  starting,
  onStart,
}: {
  query: string;
  customers: readonly SupportCustomer[];
  starting: string | null;
  onStart: (customer: SupportCustomer, account: SupportAccount | null) => void;
}) {
  const { i18n } = useLingui();
  if (customers.length === 0) {
    return (
      <p role="status">
        <Trans>No customer in your regions matches “{query}”.</Trans>
      </p>
    );
  }
  const count = customers.length;
  return (
    <>
      <p role="status">
        <Trans>
          Customers found for “{query}”: {count}
        </Trans>
      </p>
      <ul className="support__customers">
        {customers.map((customer) => {
          const name = fullName(customer);
          return (
            <li key={customer.id} className="support__customer">
              <h3 className="support__customer-name">{name}</h3>
              <dl className="support__facts">
                <dt>
                  <Trans>Email</Trans>
                </dt>
                <dd>{customer.email}</dd>
                <dt>
                  <Trans>Country</Trans>
                </dt>
                <dd>{customer.country}</dd>
                <dt>
                  <Trans>Matched by</Trans>
                </dt>
                <dd>{i18n._(MATCHED_BY_LABELS[customer.matchedBy])}</dd>
                <dt>
                  <Trans>Accounts</Trans>
                </dt>
                <dd>
                  {customer.accounts.length === 0 ? (
                    <Trans>None</Trans>
                  ) : (
                    <ul className="support__accounts">
                      {customer.accounts.map((account) => (
                        <li key={account.id}>
                          {account.name} ({account.number})
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </dl>
              <div className="support__actions">
                {customer.accounts.length === 0 ? (
                  <button
                    type="button"
                    className="button-link"
                    disabled={starting !== null}
                    onClick={() => {
                      onStart(customer, null);
                    }}
                  >
                    <Trans>Act for {name}</Trans>
                  </button>
                ) : (
                  customer.accounts.map((account) => {
                    const number = account.number;
                    return (
                      <button
                        key={account.id}
                        type="button"
                        className="button-link"
                        disabled={starting !== null}
                        onClick={() => {
                          onStart(customer, account);
                        }}
                      >
                        <Trans>
                          Act for {name} ({number})
                        </Trans>
                      </button>
                    );
                  })
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The agent's last sessions (decision 063, Audit). */
function RecentSessions({ sessions }: { sessions: readonly SupportSession[] | null }) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const headingId = useId();
  const when = new Intl.DateTimeFormat(languageTag(storefront), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const at = (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : when.format(date);
  };
  return (
    <section className="support__section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Recent sessions</Trans>
      </h2>
      {sessions === null ? (
        <p role="alert" className="form-error">
          <Trans>The recent sessions could not be shown. Please reload the page.</Trans>
        </p>
      ) : sessions.length === 0 ? (
        <p>
          <Trans>No sessions yet.</Trans>
        </p>
      ) : (
        <table className="support__sessions" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Customer</Trans>
              </th>
              <th scope="col">
                <Trans>Account</Trans>
              </th>
              <th scope="col">
                <Trans>Started</Trans>
              </th>
              <th scope="col">
                <Trans>Ended</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row">
                  {fullName(session.buyer)}
                  <span className="support__note">{session.buyer.email}</span>
                </th>
                {/* On a phone each cell is a line of its own, named by its label. */}
                <td data-label={t`Account`}>
                  {session.account ? `${session.account.name} (${session.account.number})` : '—'}
                </td>
                <td data-label={t`Started`}>{at(session.startedAt)}</td>
                <td data-label={t`Ended`}>
                  {session.endedAt ? at(session.endedAt) : <Trans>Open</Trans>}
                </td>
                <td data-label={t`Actions`} className="num">
                  {session.actions}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
