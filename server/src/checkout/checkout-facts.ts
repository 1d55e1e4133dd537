/**
 * The buyer's checkout facts as the server knows them now: customer records from the
 * repository, the flags that change checkout's rules evaluated for the buyer in the store,
 * and the store's PO threshold. One loader for the facts endpoint, the checkout decider's
 * context and placing an order, so all three decide on the same facts.
 */
import type { CheckoutFacts } from '../../../domain/checkout/facts';
import { PO_THRESHOLD_MAJOR } from '../../../domain/order/purchase-order';
import { flagContext } from '../../../domain/flags/context';
import { fromMajor } from '../../../domain/pricing/money';
import type { Storefront } from '../../../domain/storefront/storefronts';
import type { Db } from '../db/database';
import type { FlagService } from '../flags/flag-service';
import { loadCheckoutFacts, type CheckoutFlags } from './checkout-repository';

export async function checkoutFlags(
  flags: FlagService,
  userId: string,
  storefront: Storefront,
  country: string,
): Promise<CheckoutFlags> {
  const values = await flags.bootstrap(
    flagContext({
      userId,
      siteUid: storefront.storeId,
      storeUid: storefront.storeId,
      locale: storefront.locale,
      country,
    }),
  );
  return {
    line3: values['line3-address'] === true,
    poThreshold: values['po-threshold'] === true,
    poForSpain: values['po-for-spain'] === true,
    checkoutRetry: values['checkout-retry'] === true,
    bankTransfer: values['bank-transfer'] === true,
    ofac: values.ofac === true,
    vat: values.vat === true,
  };
}

export async function factsFor(
  db: Db,
  flags: FlagService,
  user: { readonly id: string; readonly registrationCountry?: string | null },
  storefront: Storefront,
): Promise<CheckoutFacts> {
  return loadCheckoutFacts(db, user.id, {
    flags: await checkoutFlags(
      flags,
      user.id,
      storefront,
      user.registrationCountry ?? storefront.defaultCountry,
    ),
    poThresholdMinor: fromMajor(PO_THRESHOLD_MAJOR, storefront.currency).amountMinor,
  });
}
