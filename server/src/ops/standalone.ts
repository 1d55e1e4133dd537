/**
 * The operator commands' context when no store runs (decision 037): the operator's tool opens
 * the store's database itself and runs the same handlers in its own process. Its event store
 * serves the order kind's fulfilment context as the store's does, so a step is decided alike;
 * no process manager runs here: what a change asks for next (the following step, a card's
 * refund) is taken by the store when it runs again.
 */
import { STREAM_REGISTRY } from '../../../domain/registry';
import { CommandHandler } from '../commands/execute';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { EventStore } from '../event-store/event-store';
import { mailTranslationsOnDemand } from '../mail/translations';
import { fulfilmentContext } from '../orders/fulfilment-process';
import { SANDBOX_DENIED_PARTIES } from '../screening/denied-parties';
import type { OperatorContext } from './handlers';

export interface StandaloneOperator {
  readonly context: OperatorContext;
  /** The event store the commands write through (read models are rebuilt with it). */
  readonly eventStore: EventStore;
}

export function standaloneOperatorContext(
  database: Database,
  config: Pick<ServerConfig, 'housekeeping' | 'fulfilment' | 'mail'>,
): StandaloneOperator {
  const eventStore = new EventStore(database.db, {
    registry: STREAM_REGISTRY,
    contexts: {
      order: fulfilmentContext({
        stepMs: config.fulfilment.stepMs,
        deniedParties: SANDBOX_DENIED_PARTIES,
      }),
    },
  });
  return {
    eventStore,
    context: {
      database,
      startedAt: new Date(),
      housekeeping: config.housekeeping,
      commands: new CommandHandler(eventStore),
      mail: { smtpUrl: config.mail.smtpUrl, translations: mailTranslationsOnDemand() },
    },
  };
}
