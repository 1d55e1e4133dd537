/**
 * The payment gateway's card fields as a React component: the frame of hosted-fields.ts,
 * worded from the store's catalogs in the active language, with a handle to ask for the
 * card's token. The card number and security code stay in the gateway's frame.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { CardField } from '../../../domain/payment/card';
import {
  HostedFieldsError,
  hostedFieldsTexts,
  mountHostedFields,
  type HostedFields,
  type HostedFieldsConfig,
  type HostedFieldsState,
  type TokenizeResult,
} from './hosted-fields';

export interface HostedCardFieldsHandle {
  /** The card's token, or the fields that are wrong; rejects with a HostedFieldsError. */
  tokenize(): Promise<TokenizeResult>;
  focus(field: CardField): void;
}

export interface HostedCardFieldsProps {
  readonly config: HostedFieldsConfig;
  readonly ref?: Ref<HostedCardFieldsHandle>;
  readonly onChange?: (state: HostedFieldsState) => void;
  readonly onSubmit?: () => void;
  /** The frame did not load (offline, or the gateway is down). */
  readonly onUnavailable?: () => void;
  readonly className?: string;
}

export function HostedCardFields({
  config,
  ref,
  onChange,
  onSubmit,
  onUnavailable,
  className,
}: HostedCardFieldsProps) {
  const { i18n } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const fields = useRef<HostedFields | null>(null);
  // The latest callbacks, without mounting the frame again when they change.
  const callbacks = useRef({ onChange, onSubmit, onUnavailable });
  useEffect(() => {
    callbacks.current = { onChange, onSubmit, onUnavailable };
  });
  const texts = useRef(hostedFieldsTexts(i18n));

  const { gateway, frameUrl, publishableKey } = config;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const mounted = mountHostedFields(
      element,
      { gateway, frameUrl, ...(publishableKey ? { publishableKey } : {}) },
      {
        ...texts.current,
        onChange: (state) => callbacks.current.onChange?.(state),
        onSubmit: () => callbacks.current.onSubmit?.(),
      },
    );
    fields.current = mounted;
    mounted.ready.catch((error: unknown) => {
      if (error instanceof HostedFieldsError && error.code === 'unavailable') {
        callbacks.current.onUnavailable?.();
      }
    });
    return () => {
      mounted.destroy();
      fields.current = null;
    };
  }, [gateway, frameUrl, publishableKey]);

  // Another language: the same frame, new words.
  useEffect(() => {
    texts.current = hostedFieldsTexts(i18n);
    fields.current?.setTexts(texts.current);
  }, [i18n, i18n.locale]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () =>
        fields.current
          ? fields.current.tokenize()
          : Promise.reject(new HostedFieldsError('unavailable')),
      focus: (field) => fields.current?.focus(field),
    }),
    [],
  );

  return <div ref={container} className={className ?? 'hosted-card-fields-container'} />;
}
