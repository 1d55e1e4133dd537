/**
 * 'Accounts for checkout' and 'Secure checkout' (SPEC 2.5, 2.6): the route's module, loaded
 * while a first visit hydrates, so it holds only the first view (the heading and the loading
 * state). The steps, their notices and the items in the cart (CheckoutFrame.tsx) come with
 * the data: the checkout loader loads them once the checkout is open.
 */
import { loadWithCheckout } from '../checkout-loader';
import { checkoutFrame, loadCheckoutScreens } from '../checkout-screens';
import { CheckoutLoading } from './CheckoutLoading';
import '../../../shell/order/order-views.css';
import '../checkout.css';

loadWithCheckout(loadCheckoutScreens);

export function CheckoutLayout() {
  const frame = checkoutFrame();
  if (frame) return frame;
  return <CheckoutLoading />;
}
