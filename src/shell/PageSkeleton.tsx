/**
 * What a buyer's page shows until its data is here (decision 038): the server renders it for
 * the cart, checkout, account and order pages, and the browser shows the same while it
 * loads their code and data, so nothing moves when the page hydrates. It carries the page's
 * own heading where the route names one (the first paint has it; the page's own heading then
 * takes its place at the same size), and fills the screen, so the footer stays below the
 * fold until the page's content replaces it.
 */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMatches } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';

/** A route's `handle`: its page comes as a skeleton from the server, with this heading. */
export interface SkeletonHandle {
  readonly skeletonOnServer: true;
  readonly heading?: MessageDescriptor;
}

export function PageSkeleton() {
  const { i18n } = useLingui();
  const heading = useMatches()
    .map((match) => (match.handle as Partial<SkeletonHandle> | undefined)?.heading)
    .filter((descriptor) => descriptor !== undefined)
    .at(-1);
  return (
    <div className="page page-skeleton" aria-busy="true">
      {heading ? <h1>{i18n._(heading)}</h1> : <div className="page-skeleton__heading" />}
      <p role="status" className="visually-hidden">
        <Trans>Loading…</Trans>
      </p>
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line page-skeleton__line--short" />
      <div className="page-skeleton__block" />
    </div>
  );
}
