/** The name of a checkout step, in the content service's wording where it has one. */
import { useLingui } from '@lingui/react/macro';
import type { CheckoutStepId } from '../../../../domain/checkout/steps';
import { useCheckoutCopy } from './use-checkout';

export function useStepLabel(): (id: CheckoutStepId) => string {
  const copy = useCheckoutCopy();
  const { t } = useLingui();
  return (id) => {
    switch (id) {
      case 'accounts':
        return t`Accounts`;
      case 'shipping-address':
        return copy('shippingAddress');
      case 'shipping-method':
        return copy('shippingMethod');
      case 'billing-address':
        return copy('billingAddress');
      case 'payment':
        return copy('payment');
      case 'review':
        return t`Review and place order`;
    }
  };
}
