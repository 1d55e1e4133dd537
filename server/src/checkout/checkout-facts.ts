/**
 * The buyer's checkout facts as the server knows them now: customer records from the
 * repository, the flags that change checkout's rules evaluated for the buyer in the store,
 * and the store's PO threshold. One loader for the facts endpoint, the checkout decider's
 * context and placing an order, so all three decide on the same facts.
 */
import type { CheckoutFacts } from '../../../domain/checkout/facts';
import { PO_THRESHOLD_MAJOR } from '../../../domain/order/purchase-order';
import { flagContextFor } from '../../../domain/flags/context';
import { resolveFlags, type FlagValues } from '../../../domain/flags/flags';
import { fromMajor } from '../../../domain/pricing/money';
import type { Storefront } from '../../../domain/storefront/storefronts';
import type { Db } from '../db/database';
import type { FlagService } from '../flags/flag-service';
import { loadCheckoutFacts, type CheckoutFlags } from './checkout-repository';

/** The buyer's flags, with the context their browser has after sign-in (decision 058). */
export async function buyerFlags(
  flags: FlagService,
  user: { readonly id: string; readonly registrationCountry?: string | null },
  storefront: Storefront,
): Promise<FlagValues> {
  return resolveFlags(
    await flags.bootstrap(
      flagContextFor(
        { id: user.id, registrationCountry: user.registrationCountry ?? null },
        storefront,
        null,
      ),
    ),
  );
}

export async function checkoutFlags(
  flags: FlagService,
  user: { readonly id: string; readonly registrationCountry?: string | null },
  storefront: Storefront,
): Promise<CheckoutFlags> {
  const values = await buyerFlags(flags, user, storefront);
  return {
    line3: values['line3-address'],
    poThreshold: values['po-threshold'],
    poForSpain: values['po-for-spain'],
    checkoutRetry: values['checkout-retry'],
    bankTransfer: values['bank-transfer'],
    ofac: values.ofac,
    vat: values.vat,
    tpp: values.tpp,
    checkoutRecaptcha: values['checkout-recaptcha'],
  };
}

export async function factsFor(
  db: Db,
  flags: FlagService,
  user: { readonly id: string; readonly registrationCountry?: string | null },
  storefront: Storefront,
): Promise<CheckoutFacts> {
  return loadCheckoutFacts(db, user.id, {
    flags: await checkoutFlags(flags, user, storefront),
    poThresholdMinor: fromMajor(PO_THRESHOLD_MAJOR, storefront.currency).amountMinor,
  });
}
