/** The Payment Cards page and its loader as one module, for one lazy import. */
export { PaymentCardsPage } from './PaymentCardsPage';
export { paymentCardsLoader } from './payment-cards-loader';
