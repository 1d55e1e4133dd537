/**
 * What every new-card form of the store shows around the gateway's card fields (checkout,
 * paying an invoice, saving a card to the profile): a note while the fields are set up, the
 * spec's message with "Try again" when they cannot be (each try sets them up afresh), and
 * the list of card fields at fault, each a button to its field.
 */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type Ref, type RefObject } from 'react';
import type { CardField } from '../../../domain/payment/card';
import { CARD_FIELD_LABELS, PAYMENT_MESSAGES } from '../../../domain/payment/messages';
import { HostedCardFields, type HostedCardFieldsHandle } from './HostedCardFields';
import type { HostedFieldsConfig, HostedFieldsState } from './hosted-fields';

type FieldsLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly config: HostedFieldsConfig }
  | { readonly status: 'unavailable' };

export interface LoadedCardFieldsProps {
  /** Where the gateway's fields come from; asked again on each try (keep it stable). */
  readonly loadConfig: () => Promise<HostedFieldsConfig>;
  readonly ref?: Ref<HostedCardFieldsHandle>;
  readonly className?: string;
  /** The class of the box saying the fields cannot be set up. */
  readonly problemClassName: string;
  readonly onChange?: (state: HostedFieldsState) => void;
  readonly onSubmit?: () => void;
}

/**
 * The gateway's card fields once set up. Until then (and when they cannot be) the handle is
 * null, so a form that asks for a token finds none.
 */
export function LoadedCardFields({
  loadConfig,
  ref,
  className,
  problemClassName,
  onChange,
  onSubmit,
}: LoadedCardFieldsProps) {
  const { i18n } = useLingui();
  const [load, setLoad] = useState<FieldsLoad>({ status: 'loading' });
  // Each try mounts the gateway's fields afresh.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadConfig().then(
      (config) => {
        if (live) setLoad({ status: 'ready', config });
      },
      (error: unknown) => {
        console.warn('The card fields could not be set up.', error);
        if (live) setLoad({ status: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [loadConfig, attempt]);

  if (load.status === 'unavailable') {
    return (
      <div className={problemClassName} role="alert">
        <p>{i18n._(PAYMENT_MESSAGES.fieldsUnavailable)}</p>
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (load.status === 'loading') {
    return (
      <p role="status">
        <Trans>Loading the secure card fields…</Trans>
      </p>
    );
  }
  return (
    <HostedCardFields
      key={attempt}
      {...(ref ? { ref } : {})}
      config={load.config}
      {...(className ? { className } : {})}
      {...(onChange ? { onChange } : {})}
      {...(onSubmit ? { onSubmit } : {})}
      onUnavailable={() => {
        setLoad({ status: 'unavailable' });
      }}
    />
  );
}

/** The card fields the gateway found wrong, each a button that takes the focus to its field. */
export function CardFieldProblems({
  problems,
  fields,
  className = 'form-error',
}: {
  readonly problems: readonly (readonly [CardField, string])[];
  readonly fields: RefObject<HostedCardFieldsHandle | null>;
  readonly className?: string;
}) {
  const { i18n } = useLingui();
  if (problems.length === 0) return null;
  return (
    <div className={className} role="alert">
      <p>
        <Trans>Please check the card details marked below.</Trans>
      </p>
      <ul>
        {problems.map(([field, message]) => (
          <li key={field}>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                fields.current?.focus(field);
              }}
            >
              {i18n._(CARD_FIELD_LABELS[field])}: {message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
