/**
 * The quote aggregate (SPEC 2.5, 3 Quote, 2.7; decision 051): a stream per quote. A buyer
 * requests one from their cart, in the browser and offline too; the store prices it for the
 * cart's customer account (as checkout prices), numbers it once and holds its prices until
 * it expires. It is then ordered, cancelled, or expires. What a buyer may do with a quote in
 * each state is decided here (`quoteActions`), never by a screen.
 */
import type { AppliedPromotion } from '../cart/state';
import type { OrderLine, OrderTaxLine, PlacedBy } from '../order/order';
import type { CommandMetadata } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { withValues, type Message } from '../shared/message';
import type { TaxBasis } from '../tax/tax';
import type { EarlyExpiration } from './expiration';
import { QUOTE_MESSAGES } from './messages';

/** SPEC 2.5: a quote holds for 30 days, unless its terms stop holding sooner. */
export const QUOTE_VALID_DAYS = 30;

export type QuoteStatus = 'requested' | 'created' | 'expired' | 'ordered' | 'cancelled';

/** An order's line as quoted: its unit price is held until the quote expires. */
export interface QuoteLine extends OrderLine {
  readonly aimsweb: boolean;
  readonly notDiscountable: boolean;
}

export interface QuoteAccount {
  readonly id: string;
  readonly number: string;
  readonly name: string;
  readonly type: 'PERSONAL' | 'ORGANIZATION';
}

export interface QuoteTotals {
  readonly subtotalMinor: number;
  readonly discountsMinor: number;
  readonly taxMinor: number;
  /** Goods after discounts, with tax; shipping is chosen and added at checkout. */
  readonly totalMinor: number;
}

/** A numbered quote, as the store priced it (SPEC 3: number, total, expiration date). */
export interface Quote {
  readonly quoteId: string;
  /** The quote/proforma number (`Q` and eight digits, the last a check digit). */
  readonly number: string;
  readonly storeId: string;
  readonly locale: string;
  readonly currency: string;
  readonly createdAt: string;
  /** The last day it can be ordered (YYYY-MM-DD). */
  readonly expiresOn: string;
  /** Why it ends sooner than 30 days, or what changes soon after (SPEC 9). */
  readonly earlyExpiration: EarlyExpiration | null;
  readonly buyer: {
    readonly userId: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
  };
  readonly account: QuoteAccount;
  readonly lines: readonly QuoteLine[];
  readonly promotions: readonly {
    readonly code: string;
    readonly name: string;
    readonly discountMinor: number;
  }[];
  readonly accountDiscount: {
    readonly programme: 'UAP' | 'OLD';
    readonly discountMinor: number;
  } | null;
  readonly tax: { readonly basis: TaxBasis; readonly lines: readonly OrderTaxLine[] };
  readonly totals: QuoteTotals;
  /** The cart it was made from. */
  readonly cartId: string;
  /** The promotion codes as the cart applied them: an order of the quote applies them again. */
  readonly appliedPromotions: readonly AppliedPromotion[];
  /**
   * Who made it: the buyer, or customer service for them ('Placed by', decision 063), set by
   * the store from whoever acts. Absent in quotes made before it was recorded: the buyer's.
   */
  readonly placedBy?: PlacedBy;
}

/** A quote asked for in a browser, before the store numbers it. */
export interface QuoteRequest {
  readonly quoteId: string;
  readonly cartId: string;
  readonly accountId: string | null;
  readonly requestedAt: string;
}

export interface QuoteState {
  /** Null before the quote is requested. */
  readonly status: QuoteStatus | null;
  readonly request: QuoteRequest | null;
  readonly quote: Quote | null;
  /** The order placed from it. */
  readonly orderId: string | null;
  /** When it was cancelled, expired or ordered. */
  readonly closedAt: string | null;
  /** How many times it was emailed. */
  readonly emailed: number;
}

export const initialQuoteState = (): QuoteState => ({
  status: null,
  request: null,
  quote: null,
  orderId: null,
  closedAt: null,
  emailed: 0,
});

/** The longest address a quote is emailed to (SPEC 9: email 64). */
export const QUOTE_EMAIL_MAX = 64;

/** How many times a quote may be emailed: the store's mail is not a relay (decision 051). */
export const QUOTE_EMAILS_MAX = 10;

export type QuoteCommand = (
  | {
      readonly type: 'RequestQuote';
      readonly data: {
        readonly quoteId: string;
        readonly cartId: string;
        /** The customer account the cart is priced for, as the browser has it. */
        readonly accountId: string | null;
      };
    }
  | { readonly type: 'CancelQuote'; readonly data: Record<string, never> }
  /** Send the quote to the buyer, and to another address when one is given. */
  | { readonly type: 'EmailQuote'; readonly data: { readonly to: string | null } }
  /** The store's daily step: a quote past its last day expires. */
  | { readonly type: 'ExpireQuote'; readonly data: { readonly today: string } }
  /** The store: an order was placed from the quote. */
  | { readonly type: 'RecordQuoteOrdered'; readonly data: { readonly orderId: string } }
) & { readonly metadata: CommandMetadata };

export type QuoteEvent =
  | { readonly type: 'QuoteRequested'; readonly v: 1; readonly data: QuoteRequest }
  | { readonly type: 'QuoteCreated'; readonly v: 1; readonly data: { readonly quote: Quote } }
  | { readonly type: 'QuoteCancelled'; readonly v: 1; readonly data: { readonly at: string } }
  | {
      readonly type: 'QuoteEmailed';
      readonly v: 1;
      readonly data: {
        /** The command's id: one mail per request, whatever retries. */
        readonly sendId: string;
        readonly to: readonly string[];
        readonly at: string;
      };
    }
  | { readonly type: 'QuoteExpired'; readonly v: 1; readonly data: { readonly on: string } }
  | {
      readonly type: 'QuoteOrdered';
      readonly v: 1;
      readonly data: { readonly orderId: string; readonly at: string };
    };

export type QuoteEventType = QuoteEvent['type'];

export const QUOTE_EVENT_VERSIONS = {
  QuoteRequested: 1,
  QuoteCreated: 1,
  QuoteCancelled: 1,
  QuoteEmailed: 1,
  QuoteExpired: 1,
  QuoteOrdered: 1,
} as const satisfies { [K in QuoteEventType]: Extract<QuoteEvent, { type: K }>['v'] };

/**
 * What the store's side knows when it decides a request: the quote priced and numbered, or
 * why it could not be made. The browser decides without it (the quote shows as requested).
 */
export type QuoteContext =
  | { readonly kind: 'priced'; readonly quote: Quote }
  | { readonly kind: 'refused'; readonly code: string; readonly message: Message }
  | undefined;

/** The day (UTC) of an instant. */
const dayOf = (instant: string): string => instant.slice(0, 10);

/** Whether a created quote is past its last day on `today`. */
export function isPastLastDay(state: QuoteState, today: string): boolean {
  return state.quote !== null && today > state.quote.expiresOn;
}

/** The status a buyer sees today: a created quote past its last day shows as expired. */
export function quoteStatusOn(state: QuoteState, today: string): QuoteStatus | null {
  if (state.status === 'created' && isPastLastDay(state, today)) return 'expired';
  return state.status;
}

export type QuoteAction = 'order' | 'download' | 'email' | 'cancel' | 'requote';

/**
 * What a buyer may do with the quote today (sent with it by the store): order, download and
 * email a valid quote, or cancel it; an ended one can be downloaded and made again.
 */
export function quoteActions(state: QuoteState, today: string): readonly QuoteAction[] {
  switch (quoteStatusOn(state, today)) {
    case 'created':
      return ['order', 'download', 'email', 'cancel'];
    case 'expired':
      return ['download', 'email', 'requote'];
    case 'ordered':
      return ['download', 'email'];
    case 'cancelled':
      return ['download', 'requote'];
    // Not numbered yet: nothing to show but its request.
    default:
      return [];
  }
}

/** 'We are sorry but your quote could not be completed...', its reason by the code. */
export function refuseQuote(code: string, values: Record<string, string> = {}): DomainError {
  return new DomainError(code, withValues(QUOTE_MESSAGES.notCompleted, values));
}

export function decideQuote(
  command: QuoteCommand,
  state: QuoteState,
  context: QuoteContext,
): QuoteEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'RequestQuote': {
      // Asked for again (a retry, another tab): it is one quote.
      if (state.status !== null) return [];
      if (context?.kind === 'refused') throw new DomainError(context.code, context.message);
      const requested: QuoteEvent = {
        type: 'QuoteRequested',
        v: 1,
        data: { ...command.data, requestedAt: now },
      };
      return context?.kind === 'priced'
        ? [requested, { type: 'QuoteCreated', v: 1, data: { quote: context.quote } }]
        : [requested];
    }
    case 'CancelQuote': {
      if (state.status === 'cancelled') return [];
      if (state.status !== 'requested' && state.status !== 'created') {
        throw refuseQuote('quote.not-cancellable');
      }
      if (isPastLastDay(state, dayOf(now))) throw refuseQuote('quote.expired');
      return [{ type: 'QuoteCancelled', v: 1, data: { at: now } }];
    }
    case 'EmailQuote': {
      // Not numbered yet, or cancelled: nothing to send (its actions do not offer it).
      if (state.status === null || state.status === 'requested')
        throw refuseQuote('quote.not-found');
      if (state.status === 'cancelled') throw refuseQuote('quote.not-orderable');
      if (state.emailed >= QUOTE_EMAILS_MAX) {
        throw refuseQuote('quote.emailed-enough', { max: String(QUOTE_EMAILS_MAX) });
      }
      const buyer = state.quote?.buyer.email;
      const to = [...new Set([buyer, command.data.to?.trim()].filter((a): a is string => !!a))];
      return [
        {
          type: 'QuoteEmailed',
          v: 1,
          data: { sendId: command.metadata.commandId, to, at: now },
        },
      ];
    }
    case 'ExpireQuote':
      return state.status === 'created' && isPastLastDay(state, command.data.today)
        ? [{ type: 'QuoteExpired', v: 1, data: { on: command.data.today } }]
        : [];
    case 'RecordQuoteOrdered': {
      // An order placed from the quote is a fact: recorded whatever happened since (expired
      // at midnight after the order, cancelled in another tab while it was placed). A quote
      // gives one order (the order's id is the quote's).
      if (state.status === 'ordered') return [];
      if (!state.quote) throw refuseQuote('quote.not-found');
      return [{ type: 'QuoteOrdered', v: 1, data: { orderId: command.data.orderId, at: now } }];
    }
  }
}

export function evolveQuote(state: QuoteState, event: QuoteEvent): QuoteState {
  switch (event.type) {
    case 'QuoteRequested':
      return { ...state, status: 'requested', request: event.data };
    case 'QuoteCreated':
      return { ...state, status: 'created', quote: event.data.quote };
    case 'QuoteCancelled':
      return { ...state, status: 'cancelled', closedAt: event.data.at };
    case 'QuoteEmailed':
      return { ...state, emailed: state.emailed + 1 };
    case 'QuoteExpired':
      return { ...state, status: 'expired', closedAt: event.data.on };
    case 'QuoteOrdered':
      return {
        ...state,
        status: 'ordered',
        orderId: event.data.orderId,
        closedAt: event.data.at,
      };
    default:
      return state;
  }
}

export const quoteDecider = {
  initialState: initialQuoteState,
  decide: decideQuote,
  evolve: evolveQuote,
};

/** Stored quote events at their current version; an unknown type or version is an error. */
export function upcastQuoteEvent(stored: { type: string; v: number; data: unknown }): QuoteEvent {
  const type = stored.type as QuoteEventType;
  if (!(type in QUOTE_EVENT_VERSIONS) || stored.v !== QUOTE_EVENT_VERSIONS[type]) {
    throw new Error(`No upcaster for ${stored.type}@${String(stored.v)}`);
  }
  return stored as QuoteEvent;
}

/** A quote as the store sends it: its state, its status today and what may be done with it. */
export interface QuoteView extends QuoteState {
  readonly displayStatus: QuoteStatus;
  readonly actions: readonly QuoteAction[];
  readonly version: number;
}

export function quoteView(state: QuoteState, version: number, today: string): QuoteView {
  return {
    ...state,
    displayStatus: quoteStatusOn(state, today) ?? 'requested',
    actions: quoteActions(state, today),
    version,
  };
}
