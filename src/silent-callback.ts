/**
 * The page the provider answers in the hidden frame of a silent sign-in or renewal
 * (SPEC 4.2): it hands the answer to the app in the parent window.
 */
import { UserManager } from 'oidc-client-ts';

// The callback reads the answer from the address; these settings only satisfy the constructor.
void new UserManager({
  authority: window.location.origin,
  client_id: 'storefront',
  redirect_uri: window.location.href,
}).signinSilentCallback();
