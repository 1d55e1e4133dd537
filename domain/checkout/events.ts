/**
 * Checkout events (past tense, versioned): each choice of SPEC 2.6 as it was made. An
 * event's `type` never changes, and a shape that may still be stored is never removed.
 */
import type { CartReference } from './commands';
import type { ShippingMethodId } from './shipping-methods';
import type {
  BillingChoice,
  CheckoutAddress,
  ChosenAccount,
  ChosenQualifiedUser,
  PaymentChoice,
  PaymentDecline,
  PlatformChoice,
} from './state';
import type { TrainingParticipant } from '../validation/training';

export type CheckoutEvent =
  | {
      readonly type: 'CheckoutStarted';
      readonly v: 1;
      readonly data: {
        readonly checkoutId: string;
        readonly storeId: string;
        readonly ownerId: string;
        readonly cart: CartReference;
      };
    }
  | {
      readonly type: 'CheckoutRestarted';
      readonly v: 1;
      readonly data: { readonly cart: CartReference; readonly reason: 'cart-changed' };
    }
  | {
      readonly type: 'CustomerAccountChosen';
      readonly v: 1;
      readonly data: { readonly account: ChosenAccount };
    }
  | {
      readonly type: 'QualifiedUserChosen';
      readonly v: 1;
      readonly data: { readonly qualifiedUser: ChosenQualifiedUser };
    }
  | {
      readonly type: 'QglobalAccountChosen';
      readonly v: 1;
      readonly data: { readonly choice: PlatformChoice };
    }
  | {
      /** Chosen with its terms accepted (SPEC 5). */
      readonly type: 'AimswebAccountChosen';
      readonly v: 1;
      readonly data: { readonly choice: PlatformChoice };
    }
  | {
      readonly type: 'ShippingAddressChosen';
      readonly v: 1;
      readonly data: { readonly address: CheckoutAddress; readonly saveToAddressBook: boolean };
    }
  | {
      readonly type: 'ShippingMethodChosen';
      readonly v: 1;
      readonly data: { readonly method: ShippingMethodId };
    }
  | {
      readonly type: 'BillingAddressChosen';
      readonly v: 1;
      readonly data: { readonly billing: BillingChoice };
    }
  | {
      readonly type: 'PaymentChosen';
      readonly v: 1;
      readonly data: { readonly payment: PaymentChoice };
    }
  | {
      /** The gateway refused the payment when the order was placed; nothing was charged. */
      readonly type: 'PaymentDeclined';
      readonly v: 1;
      readonly data: { readonly decline: PaymentDecline };
    }
  | {
      /** Every seat of an online training item, with two preferred dates each. */
      readonly type: 'TrainingParticipantsGiven';
      readonly v: 1;
      readonly data: {
        readonly code: string;
        readonly participants: readonly TrainingParticipant[];
      };
    }
  | {
      readonly type: 'CheckoutOrderPlaced';
      readonly v: 1;
      readonly data: { readonly orderId: string };
    };

export type CheckoutEventType = CheckoutEvent['type'];

/** The current payload version of each event type. */
export const CHECKOUT_EVENT_VERSIONS = {
  CheckoutStarted: 1,
  CheckoutRestarted: 1,
  CustomerAccountChosen: 1,
  QualifiedUserChosen: 1,
  QglobalAccountChosen: 1,
  AimswebAccountChosen: 1,
  ShippingAddressChosen: 1,
  ShippingMethodChosen: 1,
  BillingAddressChosen: 1,
  PaymentChosen: 1,
  PaymentDeclined: 1,
  TrainingParticipantsGiven: 1,
  CheckoutOrderPlaced: 1,
} as const satisfies { [K in CheckoutEventType]: Extract<CheckoutEvent, { type: K }>['v'] };
