/**
 * The checkout steps' screens beyond their first views: the frame of the steps (their list,
 * the notices, the items in the cart) and the accounts step's sections. Their route modules
 * load with the page and show the heading and the loading state; these come with the data
 * (the checkout loader loads them once the checkout is open, each in a task of its own).
 * Only the route modules import this one: express checkout and the confirmation load none
 * of it.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { nextTask } from '../../infra/next-task';

let frame: ComponentType | undefined;
let accounts: ComponentType | undefined;

export const loadCheckoutFrameCode = () => import('./components/CheckoutFrame');
export const loadAccountsCode = () => import('./components/AccountsContents');

/** The frame of the steps, once loaded (one component, always the same). */
export function checkoutFrame(): ReactElement | null {
  return frame ? createElement(frame) : null;
}

/** The accounts step's sections, once loaded (one component, always the same). */
export function accountsContents(): ReactElement | null {
  return accounts ? createElement(accounts) : null;
}

/** Loads the frame and the first step's sections, with the browser's turn after each. */
export async function loadCheckoutScreens(): Promise<void> {
  if (!frame) {
    frame = (await loadCheckoutFrameCode()).CheckoutFrame;
    await nextTask();
  }
  if (!accounts) {
    accounts = (await loadAccountsCode()).AccountsContents;
    await nextTask();
  }
}
