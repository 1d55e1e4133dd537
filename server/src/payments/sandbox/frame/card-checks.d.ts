/** Types of card-checks.js, the browser copy of domain/payment/card.ts's checks. */
import type {
  CardBrand,
  CardCheck,
  CardField,
  CardFieldError,
  CardInput,
  CardMonth,
} from '../../../../../domain/payment/card';

export type { CardBrand, CardField, CardFieldError, CardMonth };

export function cardDigits(number: string): string;
export function luhnValid(digits: string): boolean;
export function brandOf(digits: string): CardBrand;
export function checkCard(input: CardInput, today: CardMonth): CardCheck;
