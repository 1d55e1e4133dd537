/**
 * A signed-in user's qualifications in this browser (decision 057): read from the store and
 * kept per user so the pages open offline; submitted and edited online only (a review
 * follows each change, so nothing is queued), with the certificate uploaded first as its
 * bytes and named by the id the store gives it.
 */
import type {
  Certificate,
  EditQualificationRequest,
  QualificationsView,
  SubmitQualificationRequest,
} from '../../../domain/qualification/qualification';
import { apiFetch, apiJson } from '../api';
import { authSettled } from '../auth/auth-state';
import { loadCartStore } from '../cart/cart-loader';
import type { LocalDb } from '../sync/local-db';
import { currentUser$ } from '../session';

export type { QualificationsView };

const viewKey = (userId: string) => `qualifications.view.${userId}`;

export interface QualificationsRead {
  readonly view: QualificationsView;
  /** False: kept on this device (offline), maybe not the latest. */
  readonly fresh: boolean;
  /** When the kept copy was read from the store. */
  readonly savedAt: string | null;
}

interface Kept {
  readonly view: QualificationsView;
  readonly savedAt: string;
}

/** A network failure (offline, or the store unreachable), not the store's answer. */
const unreachable = (error: unknown): boolean => error instanceof TypeError;

export class QualificationStore {
  constructor(
    private readonly db: LocalDb,
    readonly userId: string,
  ) {}

  private async keep(view: QualificationsView): Promise<void> {
    const kept: Kept = { view, savedAt: new Date().toISOString() };
    await this.db.meta.put({ key: viewKey(this.userId), value: kept });
  }

  /** The store's answer (kept), else the last one kept; null when none was ever read. */
  async read(online: boolean): Promise<QualificationsRead | null> {
    if (online) {
      try {
        const view = await apiJson<QualificationsView>('/api/me/qualifications');
        await this.keep(view);
        return { view, fresh: true, savedAt: null };
      } catch (error) {
        if (!unreachable(error)) throw error;
      }
    }
    const kept = (await this.db.meta.get(viewKey(this.userId)))?.value as Kept | undefined;
    return kept ? { view: kept.view, fresh: false, savedAt: kept.savedAt } : null;
  }

  /** Uploads a certificate; the store checks its content and size and names it. */
  async upload(file: File): Promise<Certificate> {
    const response = await apiFetch(
      `/api/me/qualifications/files?name=${encodeURIComponent(file.name.slice(0, 200))}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: file,
      },
    );
    return (await response.json()) as Certificate;
  }

  async submit(request: SubmitQualificationRequest): Promise<QualificationsView> {
    const view = await apiJson<QualificationsView>('/api/me/qualifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    await this.keep(view);
    return view;
  }

  async edit(id: string, request: EditQualificationRequest): Promise<QualificationsView> {
    const view = await apiJson<QualificationsView>(
      `/api/me/qualifications/${encodeURIComponent(id)}`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      },
    );
    await this.keep(view);
    return view;
  }
}

/** The signed-in user's qualifications; null for a visitor. */
export async function qualificationStoreFor(): Promise<QualificationStore | null> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!user) return null;
  return new QualificationStore((await loadCartStore()).engine.db, user.id);
}

/** Where the owner downloads a certificate (always as an attachment). */
export const certificateUrl = (fileId: string): string =>
  `/api/me/qualifications/files/${encodeURIComponent(fileId)}`;
