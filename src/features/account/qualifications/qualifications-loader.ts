/**
 * The data of the qualification pages (SPEC 2.7; decision 057), loaded in one place per
 * route: the user's level and qualifications, from the store and kept on this device, or,
 * offline, as kept. A visitor is sent to sign in (the short form /qualifications too).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  isQualificationKind,
  type Qualification,
  type QualificationKind,
} from '../../../../domain/qualification/qualification';
import { online$ } from '../../../infra/connectivity';
import {
  qualificationStoreFor,
  type QualificationsRead,
} from '../../../infra/qualifications/qualification-store';
import { storefrontOfParams } from '../../../shell/use-storefront';

export interface QualificationsRouteData {
  /** Null: never read on this device, and offline now. */
  readonly read: QualificationsRead | null;
}

async function readQualifications({
  params,
  request,
}: LoaderFunctionArgs): Promise<QualificationsRead | null> {
  const storefront = storefrontOfParams(params);
  const store = await qualificationStoreFor();
  if (!store) {
    const url = new URL(request.url);
    const returnTo = `${url.pathname}${url.search}`;
    throw redirect(`/${storefront.locale}/login?returnTo=${encodeURIComponent(returnTo)}`);
  }
  return store.read(online$.getValue());
}

export async function qualificationsLoader(
  args: LoaderFunctionArgs,
): Promise<QualificationsRouteData> {
  return { read: await readQualifications(args) };
}

export interface QualificationFormRouteData extends QualificationsRouteData {
  readonly kind: QualificationKind;
  /** The qualification edited; null on an add page, or when it is not (or no longer) theirs. */
  readonly editing: Qualification | null;
  readonly mode: 'add' | 'edit';
}

/** The kind a route's last segments name (`add-degree`, `edit-license/{id}`). */
function kindOf(request: Request): { kind: QualificationKind; mode: 'add' | 'edit' } | null {
  const match = /\/qualifications\/(add|edit)-([a-z-]+)(?:\/[^/]+)?\/?$/.exec(
    new URL(request.url).pathname,
  );
  const kind = match?.[2] ?? '';
  return match && isQualificationKind(kind)
    ? { kind, mode: match[1] === 'edit' ? 'edit' : 'add' }
    : null;
}

export async function qualificationFormLoader(
  args: LoaderFunctionArgs,
): Promise<QualificationFormRouteData> {
  const route = kindOf(args.request);
  if (!route) throw new Response('Not found', { status: 404 });
  const read = await readQualifications(args);
  const id = args.params.id;
  const editing =
    route.mode === 'edit'
      ? (read?.view.submitted.find((q) => q.id === id && q.kind === route.kind) ?? null)
      : null;
  return { read, kind: route.kind, editing, mode: route.mode };
}
