/**
 * The customer service console's data (decision 063): the agent signed in and whom they act
 * for, and their recent sessions. Without an agent's sign-in the console sends to customer
 * service's sign-in page.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { SupportMe, SupportSession } from '../../../domain/support/api';
import { supportLoginPath } from '../../../domain/support/api';
import { ApiError } from '../../infra/api';
import { recentSessions, supportMe } from '../../infra/support/support-api';
import { storefrontOfParams } from '../../shell/use-storefront';

export interface SupportConsoleData {
  readonly me: SupportMe;
  /** Null when the list could not be read (the rest of the console still works). */
  readonly sessions: readonly SupportSession[] | null;
}

export async function supportConsoleLoader({
  params,
}: LoaderFunctionArgs): Promise<SupportConsoleData> {
  const { locale } = storefrontOfParams(params);
  const sessions = recentSessions().catch((error: unknown) => {
    console.warn('The recent sessions could not be read.', error);
    return null;
  });
  try {
    return { me: await supportMe(), sessions: await sessions };
  } catch (error) {
    // Nobody signed in as an agent (401), or a buyer's sign-in (403): customer service's sign-in.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw redirect(supportLoginPath(locale));
    }
    throw error;
  }
}
