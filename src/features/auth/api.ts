/** The sign-in and registration calls of an OpenID interaction (server/src/routes/auth/interaction.ts). */
import { postJson } from '../../infra/api';

export function submitSignIn(
  uid: string,
  body: { email: string; password: string } | { username: string; password: string },
) {
  return postJson<{ redirectTo: string }>(
    `/oidc-interaction/${encodeURIComponent(uid)}/login`,
    body,
  );
}

export function submitRegistration(
  uid: string,
  body: { firstName: string; lastName: string; email: string; password: string; country: string },
) {
  return postJson<{ redirectTo: string }>(
    `/oidc-interaction/${encodeURIComponent(uid)}/register`,
    body,
  );
}

export function abortInteraction(uid: string) {
  return postJson<{ redirectTo: string }>(`/oidc-interaction/${encodeURIComponent(uid)}/abort`, {});
}
