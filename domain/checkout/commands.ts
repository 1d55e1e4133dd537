/** Checkout commands (imperative). Time and the command's id come in `metadata`. */
import type { CommandMetadata } from '../shared/decider';
import type { ShippingMethodId } from './shipping-methods';
import type { TrainingParticipant } from '../validation/training';
import type {
  BillingChoice,
  CheckoutAddress,
  PaymentChoice,
  PaymentDecline,
  PlatformChoice,
} from './state';

export interface CartReference {
  readonly cartId: string;
  readonly version: number;
  readonly fingerprint: string;
}

export type CheckoutCommand = (
  | { readonly type: 'StartCheckout'; readonly data: { readonly cart: CartReference } }
  /** The cart changed under the checkout (another tab): back to the first step. */
  | { readonly type: 'RestartCheckout'; readonly data: { readonly cart: CartReference } }
  | { readonly type: 'ChooseCustomerAccount'; readonly data: { readonly accountId: string } }
  | { readonly type: 'ChooseQualifiedUser'; readonly data: { readonly userId: string } }
  | { readonly type: 'ChooseQglobalAccount'; readonly data: PlatformChoice }
  | {
      readonly type: 'ChooseAimswebAccount';
      readonly data: PlatformChoice & { readonly termsAccepted: boolean };
    }
  | {
      readonly type: 'ChooseShippingAddress';
      readonly data: { readonly address: CheckoutAddress; readonly saveToAddressBook: boolean };
    }
  | { readonly type: 'ChooseShippingMethod'; readonly data: { readonly method: ShippingMethodId } }
  | { readonly type: 'ChooseBillingAddress'; readonly data: BillingChoice }
  | { readonly type: 'ChoosePayment'; readonly data: PaymentChoice }
  | {
      readonly type: 'GiveTrainingParticipants';
      readonly data: {
        readonly code: string;
        readonly participants: readonly TrainingParticipant[];
      };
    }
  /** Issued by the store when the gateway refuses the payment of this checkout's order. */
  | { readonly type: 'RecordPaymentDeclined'; readonly data: { readonly decline: PaymentDecline } }
  /** Issued by the store once the order of this checkout is placed (a process manager). */
  | { readonly type: 'RecordOrderPlaced'; readonly data: { readonly orderId: string } }
) & { readonly metadata: CommandMetadata };

export type CheckoutCommandType = CheckoutCommand['type'];
