/**
 * Qualifications (SPEC 2.7, 6; decision 057): the user's level and what it may buy, links to
 * add each kind of qualification and, with the `qualifications-list` flag, every
 * qualification with its details, its review status, its certificate and a link to edit it.
 * Offline, what was read before, saying that changes need the connection.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData, useLocation } from 'react-router';
import {
  QUALIFICATION_KINDS,
  type Qualification,
  type RecordedQualification,
} from '../../../../domain/qualification/qualification';
import { flags$ } from '../../../infra/flags';
import { certificateUrl } from '../../../infra/qualifications/qualification-store';
import { useObservableValue } from '../../../infra/use-observable';
import { useStorefront } from '../../../shell/use-storefront';
import { AccountFrame, ChangesNeedConnection, useOnline } from '../components/AccountFrame';
import { KIND_COPY, LEVEL_COPY, RECORDED_KIND_NAMES, STATUS_COPY } from './qualification-copy';
import {
  addQualificationPath,
  editQualificationPath,
  QUALIFICATIONS_PATH,
} from './qualification-paths';
import type { QualificationsRouteData } from './qualifications-loader';
import './qualifications.css';

/** A calendar date (YYYY-MM-DD) in the page's language. */
export function useDateText(): (date: string) => string {
  const { i18n } = useLingui();
  return (date) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date.slice(0, 10)}T00:00:00Z`),
    );
}

function SubmittedItem({ q }: { readonly q: Qualification }) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const online = useOnline();
  const dateText = useDateText();
  const copy = KIND_COPY[q.kind];
  return (
    <li className="qualifications__item">
      <h3 className="qualifications__title">{q.title}</h3>
      <p className={`qualifications__status qualifications__status--${q.status}`}>
        {i18n._(STATUS_COPY[q.status])}
        {q.status === 'approved' && q.level ? (
          <>
            {' '}
            <Trans>(grants level {q.level})</Trans>
          </>
        ) : null}
      </p>
      <dl className="qualifications__facts">
        <dt>
          <Trans>Kind</Trans>
        </dt>
        <dd>{i18n._(copy.name)}</dd>
        <dt>{i18n._(copy.issuer)}</dt>
        <dd>{q.issuer}</dd>
        {copy.reference && q.reference ? (
          <>
            <dt>{i18n._(copy.reference)}</dt>
            <dd>{q.reference}</dd>
          </>
        ) : null}
        <dt>{i18n._(copy.issuedOn)}</dt>
        <dd>{dateText(q.issuedOn)}</dd>
        {copy.expiresOn && q.expiresOn ? (
          <>
            <dt>{i18n._(copy.expiresOn)}</dt>
            <dd>{dateText(q.expiresOn)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Certificate</Trans>
        </dt>
        <dd>
          {online ? (
            <a href={certificateUrl(q.certificate.fileId)} download={q.certificate.name}>
              {q.certificate.name}
            </a>
          ) : (
            q.certificate.name
          )}
        </dd>
      </dl>
      {q.status === 'rejected' && q.reason ? (
        <p className="qualifications__reason">
          <Trans>Reason: {q.reason}</Trans>
        </p>
      ) : null}
      {online ? (
        <Link
          className="qualifications__edit"
          to={editQualificationPath(storefront.locale, q.kind, q.id)}
        >
          <Trans>
            Edit <span className="visually-hidden">{q.title}</span>
          </Trans>
        </Link>
      ) : null}
    </li>
  );
}

function RecordedItem({ q }: { readonly q: RecordedQualification }) {
  const { i18n } = useLingui();
  const dateText = useDateText();
  const kind = RECORDED_KIND_NAMES[q.kind];
  return (
    <li className="qualifications__item">
      <h3 className="qualifications__title">{q.title}</h3>
      <p className="qualifications__status qualifications__status--approved">
        <Trans>On record</Trans>
      </p>
      <dl className="qualifications__facts">
        <dt>
          <Trans>Kind</Trans>
        </dt>
        <dd>{kind ? i18n._(kind) : q.kind}</dd>
        <dt>
          <Trans>Issued by</Trans>
        </dt>
        <dd>{q.issuer}</dd>
        {q.reference ? (
          <>
            <dt>
              <Trans>Number</Trans>
            </dt>
            <dd>{q.reference}</dd>
          </>
        ) : null}
        {q.issuedOn ? (
          <>
            <dt>
              <Trans>Issued</Trans>
            </dt>
            <dd>{dateText(q.issuedOn)}</dd>
          </>
        ) : null}
        {q.expiresOn ? (
          <>
            <dt>
              <Trans>Expires</Trans>
            </dt>
            <dd>{dateText(q.expiresOn)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

export function QualificationsPage() {
  const { read } = useLoaderData<QualificationsRouteData>();
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const online = useOnline();
  const flags = useObservableValue(flags$);
  const location = useLocation();
  const saved = (location.state as { saved?: string } | null)?.saved ?? null;
  const view = read?.view;
  const pending = view?.submitted.filter((q) => q.status === 'pending').length ?? 0;
  return (
    <AccountFrame
      current={QUALIFICATIONS_PATH}
      title={t`Qualifications`}
      heading={t`Qualifications`}
    >
      <ChangesNeedConnection savedAt={read?.fresh === false ? read.savedAt : null} />
      {saved ? (
        <p className="qualifications__saved" role="status">
          {saved}
        </p>
      ) : null}
      {!view ? (
        <p>
          <Trans>
            Your qualifications have not been read on this device yet. They will show when you are
            back online.
          </Trans>
        </p>
      ) : (
        <>
          <section className="qualifications__level" aria-labelledby="qualifications-level">
            <h2 id="qualifications-level">
              <Trans>Your qualification level</Trans>
            </h2>
            <p className="qualifications__level-text" data-level={view.level ?? ''}>
              {view.level ? (
                i18n._(LEVEL_COPY[view.level])
              ) : (
                <Trans>No qualification level yet: you may buy products that need none.</Trans>
              )}
            </p>
            <p className="field__hint">
              <Trans>
                Level A products need no more than level A; level B products need B or C; level C
                products need C. Checkout offers you as the qualified user for a cart your level
                covers. A qualification you add is reviewed by our staff; once approved it may raise
                your level.
              </Trans>
            </p>
            {pending > 0 ? (
              <p>
                <Plural
                  value={pending}
                  one="# qualification is pending review."
                  other="# qualifications are pending review."
                />
              </p>
            ) : null}
          </section>
          {flags['qualifications-list'] ? (
            <section aria-labelledby="qualifications-list">
              <h2 id="qualifications-list">
                <Trans>Your qualifications</Trans>
              </h2>
              {view.submitted.length + view.onRecord.length === 0 ? (
                <p>
                  <Trans>You have no qualifications yet.</Trans>
                </p>
              ) : (
                <ul className="qualifications__list">
                  {view.submitted.map((q) => (
                    <SubmittedItem key={q.id} q={q} />
                  ))}
                  {view.onRecord.map((q) => (
                    <RecordedItem key={q.id} q={q} />
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </>
      )}
      <section aria-labelledby="qualifications-add">
        <h2 id="qualifications-add">
          <Trans>Add a qualification</Trans>
        </h2>
        {online ? (
          <ul className="qualifications__add">
            {QUALIFICATION_KINDS.map((kind) => (
              <li key={kind}>
                <Link to={addQualificationPath(storefront.locale, kind)}>
                  {i18n._(KIND_COPY[kind].add)}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <Trans>Adding a qualification needs the connection.</Trans>
          </p>
        )}
      </section>
    </AccountFrame>
  );
}
