/**
 * Saved carts (SPEC 2.5 save-cart modal, 5): a signed-in user saves the current cart under
 * an alphanumeric name with an optional description, lists, restores (the lines go back into
 * the current cart) and deletes saved carts. One stream per user.
 */
import { DomainError } from '../shared/domain-error';
import type { CommandMetadata, Decider } from '../shared/decider';
import { withValues, type MessageDescriptor } from '../shared/message';
import { V } from '../validation/messages';

/** Name and description limits (design values; the spec gives none). */
export const SAVED_CART_NAME_MAX = 50;
export const SAVED_CART_DESCRIPTION_MAX = 255;
/** Saved carts one user keeps at most. */
export const SAVED_CARTS_MAX = 50;

/** Letters and digits of any script, with single spaces between words. */
export const SAVED_CART_NAME = /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u;

export const SAVED_CART_MESSAGES = {
  empty: /*i18n*/ {
    id: 'saved-cart.empty',
    message: 'Your cart is empty. Add products before saving it.',
  },
  nameTaken: /*i18n*/ {
    id: 'saved-cart.name-taken',
    message: 'You already have a saved cart named {name}.',
  },
  tooMany: /*i18n*/ {
    id: 'saved-cart.too-many',
    message: 'You can keep up to {max} saved carts. Delete one to save another.',
  },
  missing: /*i18n*/ { id: 'saved-cart.missing', message: 'This saved cart no longer exists.' },
  /** A change the server refused for good (the buyer sees the saved carts as the server has them). */
  notSaved: /*i18n*/ {
    id: 'saved-cart.not-saved',
    message: 'A change to your saved carts could not be saved.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export interface SavedCartLine {
  readonly code: string;
  readonly name: string;
  readonly programName: string;
  readonly quantity: number;
}

export interface SavedCart {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly lines: readonly SavedCartLine[];
  readonly savedAt: string;
  readonly restoredAt: string | null;
}

export interface SavedCartsState {
  readonly carts: readonly SavedCart[];
}

export type SavedCartCommand = (
  | {
      readonly type: 'SaveCart';
      readonly data: {
        readonly savedCartId: string;
        readonly name: string;
        readonly description?: string;
        readonly lines: readonly SavedCartLine[];
      };
    }
  | {
      readonly type: 'RestoreSavedCart';
      readonly data: { readonly savedCartId: string; readonly intoCartId: string };
    }
  | { readonly type: 'DeleteSavedCart'; readonly data: { readonly savedCartId: string } }
) & { readonly metadata: CommandMetadata };

export type SavedCartEvent =
  | {
      readonly type: 'CartSaved';
      readonly v: 1;
      readonly data: { readonly cart: Omit<SavedCart, 'restoredAt'> };
    }
  | {
      readonly type: 'SavedCartRestored';
      readonly v: 1;
      readonly data: {
        readonly savedCartId: string;
        readonly intoCartId: string;
        readonly lines: readonly SavedCartLine[];
        readonly restoredAt: string;
      };
    }
  | {
      readonly type: 'SavedCartDeleted';
      readonly v: 1;
      readonly data: { readonly savedCartId: string };
    };

function fail(
  code: string,
  descriptor: MessageDescriptor,
  values: Readonly<Record<string, string | number>> = {},
): never {
  throw new DomainError(code, withValues(descriptor, values));
}

/** The name as saved: trimmed, single spaces; or the spec's reason it cannot be. */
function checkName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') fail('saved-cart.name-required', V.required);
  if (name.length > SAVED_CART_NAME_MAX)
    fail('saved-cart.name-too-long', V.tooLong, { max: SAVED_CART_NAME_MAX });
  if (!SAVED_CART_NAME.test(name)) fail('saved-cart.name-alphanumeric', V.cartNameNotAlphanumeric);
  return name;
}

export function decideSavedCarts(
  command: SavedCartCommand,
  state: SavedCartsState,
): SavedCartEvent[] {
  switch (command.type) {
    case 'SaveCart': {
      const { savedCartId, lines } = command.data;
      if (state.carts.some((c) => c.id === savedCartId)) return [];
      const name = checkName(command.data.name);
      const description = command.data.description?.trim() ?? '';
      if (description.length > SAVED_CART_DESCRIPTION_MAX) {
        fail('saved-cart.description-too-long', V.tooLong, { max: SAVED_CART_DESCRIPTION_MAX });
      }
      if (lines.length === 0) fail('saved-cart.empty', SAVED_CART_MESSAGES.empty);
      if (state.carts.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
        fail('saved-cart.name-taken', SAVED_CART_MESSAGES.nameTaken, { name });
      }
      if (state.carts.length >= SAVED_CARTS_MAX) {
        fail('saved-cart.too-many', SAVED_CART_MESSAGES.tooMany, { max: SAVED_CARTS_MAX });
      }
      return [
        {
          type: 'CartSaved',
          v: 1,
          data: {
            cart: {
              id: savedCartId,
              name,
              description: description === '' ? null : description,
              lines: lines.map(({ code, name: lineName, programName, quantity }) => ({
                code,
                name: lineName,
                programName,
                quantity,
              })),
              savedAt: command.metadata.now,
            },
          },
        },
      ];
    }
    case 'RestoreSavedCart': {
      const cart = state.carts.find((c) => c.id === command.data.savedCartId);
      if (!cart) return fail('saved-cart.missing', SAVED_CART_MESSAGES.missing);
      return [
        {
          type: 'SavedCartRestored',
          v: 1,
          data: {
            savedCartId: cart.id,
            intoCartId: command.data.intoCartId,
            lines: cart.lines,
            restoredAt: command.metadata.now,
          },
        },
      ];
    }
    case 'DeleteSavedCart':
      return state.carts.some((c) => c.id === command.data.savedCartId)
        ? [{ type: 'SavedCartDeleted', v: 1, data: { savedCartId: command.data.savedCartId } }]
        : [];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown saved cart command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveSavedCarts(state: SavedCartsState, event: SavedCartEvent): SavedCartsState {
  switch (event.type) {
    case 'CartSaved':
      return { carts: [...state.carts, { ...event.data.cart, restoredAt: null }] };
    case 'SavedCartRestored':
      return {
        carts: state.carts.map((c) =>
          c.id === event.data.savedCartId ? { ...c, restoredAt: event.data.restoredAt } : c,
        ),
      };
    case 'SavedCartDeleted':
      return { carts: state.carts.filter((c) => c.id !== event.data.savedCartId) };
    default:
      return state;
  }
}

/** The list a user sees: newest first. */
export function savedCartList(state: SavedCartsState): readonly SavedCart[] {
  return [...state.carts].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export const savedCartsDecider: Decider<
  SavedCartCommand,
  SavedCartEvent,
  SavedCartsState,
  unknown
> = {
  decide: (command, state) => decideSavedCarts(command, state),
  evolve: evolveSavedCarts,
  initialState: () => ({ carts: [] }),
};
