/** Addresses of the checkout steps below the storefront's own base (locale or store path). */
import type { CheckoutStep, CheckoutStepId } from '../../../domain/checkout/steps';
import { stepByPath } from '../../../domain/checkout/steps';

/** `/en-gb/checkout` for any address below it (`/store/ukassessments/en/checkout` too). */
export function checkoutBase(pathname: string): string {
  const at = pathname.indexOf('/checkout');
  return at < 0 ? '/checkout' : pathname.slice(0, at + '/checkout'.length);
}

export function stepPath(base: string, step: Pick<CheckoutStep, 'path'>): string {
  return step.path ? `${base}/${step.path}` : base;
}

/** The step a checkout address shows (the accounts step for the base itself). */
export function stepOfPath(pathname: string): CheckoutStepId | undefined {
  const rest = pathname.slice(checkoutBase(pathname).length).replace(/^\/|\/$/g, '');
  return stepByPath(rest)?.id;
}
