/**
 * POST /api/addresses/verify (SPEC 5; decision 059): a signed-in buyer's address checked by
 * the verification service their flags choose (AddressDoctor with `address-doctor` on for the
 * buyer's context in the storefront of `locale`, else the built-in verifier). The body is
 * checked with SPEC 5's rules first (400 naming the fields); the answer is the service's
 * verdict, never kept and never cached. A service that cannot be asked is a 503: the browser
 * then keeps the address as not verified.
 */
import type { FastifyInstance } from 'fastify';
import { addressVerificationRequestSchema } from '../../../../../domain/address-verification/verification';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { actingBuyer } from '../../../acting/plugin';
import {
  AddressVerifierError,
  verifierFor,
  type AddressVerdict,
  type AddressVerifiers,
} from '../../../address-verification/verifier';
import { buyerFlags } from '../../../checkout/checkout-facts';
import type { FlagService } from '../../../flags/flag-service';
import { errorBody } from '../../../plugins/errors';

export function registerAddressRoutes(
  app: FastifyInstance,
  deps: { readonly flags: FlagService; readonly verifiers: AddressVerifiers },
): void {
  app.post(
    '/api/addresses/verify',
    { config: { access: 'buyer' } },
    async (request, reply): Promise<AddressVerdict | undefined> => {
      const user = actingBuyer(request);
      const { locale, address } = addressVerificationRequestSchema.parse(request.body);
      reply.header('cache-control', 'no-store');
      const flags = await buyerFlags(deps.flags, user, storefrontFor(locale));
      const verifier = verifierFor(deps.verifiers, flags);
      try {
        return await verifier.verify(address);
      } catch (error) {
        if (!(error instanceof AddressVerifierError)) throw error;
        request.log.warn({ err: error, verifier: verifier.id }, 'address verification unavailable');
        await reply
          .code(503)
          .send(errorBody('verification_unavailable', 'The address could not be verified now.'));
        return undefined;
      }
    },
  );
}
