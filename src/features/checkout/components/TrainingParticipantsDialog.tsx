/**
 * The 'online training dates and participants' modal (SPEC 2.5, 3 Training participant, 5, 9):
 * for a training line of N seats, N participants, each with a first and last name, an email
 * and two different preferred dates at least six weeks from today. Checked with the domain's
 * schema as the buyer saves (each error at its field, the first one focused); what the store
 * refuses on saving shows at the top. Used by the review step (a checkout choice, offline
 * too) and by the order confirmation (participants given after the order).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { CHECKOUT_RULE_MESSAGES } from '../../../../domain/checkout/messages';
import { ORDER_MESSAGES } from '../../../../domain/order/order';
import { TRAINING_AFTER_ORDER_MESSAGES } from '../../../../domain/order/training-after-order';
import { addDays } from '../../../../domain/shared/calendar';
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import {
  withValues,
  type Message,
  type MessageDescriptor,
} from '../../../../domain/shared/message';
import {
  TRAINING_LEAD_DAYS,
  trainingParticipantSchema,
  type TrainingParticipant,
} from '../../../../domain/validation/training';
import { ApiError } from '../../../infra/api';
import { domainResolver } from '../../../infra/forms';
import { describedBy, Field } from '../../../shell/FormField';
import { useModalDialog } from '../../../shell/use-modal-dialog';
import { checkoutDescriptorFor } from '../checkout-messages';
import '../training.css';

/** A line of online training: what the dialog asks participants for. */
export interface TrainingLine {
  readonly code: string;
  readonly name: string;
  readonly quantity: number;
}

interface ParticipantInput {
  firstName: string;
  lastName: string;
  email: string;
  firstPreferredDate: string;
  secondPreferredDate: string;
}

interface FormInput {
  participants: ParticipantInput[];
}

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'firstPreferredDate',
  'secondPreferredDate',
] as const;

const blank = (): ParticipantInput => ({
  firstName: '',
  lastName: '',
  email: '',
  firstPreferredDate: '',
  secondPreferredDate: '',
});

/**
 * Today as the store counts training dates: the UTC calendar day, as the checkout's choices
 * and the server's check count it (SPEC 5, 9).
 */
export function trainingToday(): string {
  return new Date().toISOString().slice(0, 10);
}

const REFUSALS = new Map<string, MessageDescriptor>(
  [CHECKOUT_RULE_MESSAGES, TRAINING_AFTER_ORDER_MESSAGES, ORDER_MESSAGES]
    .flatMap((table) => Object.values(table) as MessageDescriptor[])
    .map((descriptor) => [descriptor.id, descriptor]),
);

/** What the store answered a failed save with, as a message in the page language. */
export function trainingRefusalOf(error: unknown): Message {
  if (error instanceof ApiError && error.status < 500) {
    const field = error.body?.error.fields?.[0];
    const descriptor = field
      ? (REFUSALS.get(field.code) ?? checkoutDescriptorFor(field.code))
      : undefined;
    if (descriptor) return withValues(descriptor, field?.values ?? {});
  }
  return withValues(
    error instanceof ApiError ? GENERAL_ERRORS.generic : GENERAL_ERRORS.technical,
    {},
  );
}

export function TrainingParticipantsDialog({
  line,
  initial,
  today = trainingToday(),
  onSave,
  onClose,
}: {
  line: TrainingLine;
  /** The participants given before, if any. */
  initial?: readonly TrainingParticipant[] | undefined;
  /** The calendar day (YYYY-MM-DD) the six weeks count from. */
  today?: string;
  /** Saves the participants: null when saved (the dialog then closes), else why not. */
  onSave: (participants: TrainingParticipant[]) => Promise<Message | null>;
  /** The dialog closed: saved, cancelled or Escape. The caller takes it off the page. */
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const dialog = useModalDialog();
  const id = useId();
  const titleId = `${id}-title`;
  const [refusal, setRefusal] = useState<Message | null>(null);
  const earliest = addDays(today, TRAINING_LEAD_DAYS);
  const earliestText = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${earliest}T00:00:00Z`));
  const labels = {
    firstName: t`First name`,
    lastName: t`Last name`,
    email: t`Email address`,
    firstPreferredDate: t`First preferred date`,
    secondPreferredDate: t`Second preferred date`,
  } as const;
  const schema = useMemo(
    () => z.object({ participants: z.array(trainingParticipantSchema({ today })) }),
    [today],
  );
  const fieldLabels: Record<string, string> = {};
  for (let seat = 0; seat < line.quantity; seat += 1) {
    for (const field of FIELDS)
      fieldLabels[`participants.${String(seat)}.${field}`] = labels[field];
  }
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, { participants: TrainingParticipant[] }>({
    resolver: domainResolver(schema, i18n, fieldLabels),
    defaultValues: {
      participants: Array.from({ length: line.quantity }, (_, seat) => {
        const given = initial?.[seat];
        return given ? { ...given } : blank();
      }),
    },
    shouldFocusError: true,
  });

  // Closed before it leaves the page, so the focus goes back to what opened it.
  const close = () => {
    dialog.current?.close();
    onClose();
  };

  const save = async ({ participants }: { participants: TrainingParticipant[] }) => {
    setRefusal(null);
    const refused = await onSave(participants);
    if (refused) setRefusal(refused);
    else close();
  };

  const seats = line.quantity;
  const name = line.name;
  const dialogView = (
    <dialog
      ref={dialog}
      className="modal training-dialog"
      aria-labelledby={titleId}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        // Escape is Cancel: nothing is saved.
        event.preventDefault();
        close();
      }}
    >
      <form
        className="training-dialog__form"
        noValidate
        onSubmit={(event) => void handleSubmit(save)(event)}
      >
        <h2 id={titleId}>
          <Trans>Online training dates and participants</Trans>
        </h2>
        <p id={`${id}-intro`} className="training-dialog__intro">
          <span className="training-dialog__product">{name}</span>{' '}
          <Trans>
            Add one participant for each seat. Choose two different preferred dates, each at least
            six weeks from today.
          </Trans>
        </p>
        {refusal ? (
          <p className="form-error" role="alert">
            {i18n._(refusal)}
          </p>
        ) : null}
        {Array.from({ length: seats }, (_, seat) => {
          const f = (field: (typeof FIELDS)[number]) => `${id}-${String(seat)}-${field}`;
          const fieldErrors = errors.participants?.[seat];
          const error = (field: (typeof FIELDS)[number]) => fieldErrors?.[field]?.message;
          const number = seat + 1;
          const dateHint = t`On or after ${earliestText}`;
          return (
            <fieldset key={seat} className="training-dialog__participant">
              <legend>
                <Trans>
                  Participant {number} of {seats}
                </Trans>
              </legend>
              <div className="training-dialog__row">
                {(['firstName', 'lastName'] as const).map((field) => (
                  <Field key={field} id={f(field)} label={labels[field]} error={error(field)}>
                    <input
                      type="text"
                      autoComplete="off"
                      {...describedBy(f(field), error(field))}
                      {...register(`participants.${seat}.${field}`)}
                    />
                  </Field>
                ))}
              </div>
              <Field id={f('email')} label={labels.email} error={error('email')}>
                <input
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  {...describedBy(f('email'), error('email'))}
                  {...register(`participants.${seat}.email`)}
                />
              </Field>
              <div className="training-dialog__row">
                {(['firstPreferredDate', 'secondPreferredDate'] as const).map((field) => (
                  <Field
                    key={field}
                    id={f(field)}
                    label={labels[field]}
                    error={error(field)}
                    hint={dateHint}
                  >
                    <input
                      type="date"
                      min={earliest}
                      {...describedBy(f(field), error(field), true)}
                      {...register(`participants.${seat}.${field}`)}
                    />
                  </Field>
                ))}
              </div>
            </fieldset>
          );
        })}
        <div className="modal__actions training-dialog__actions">
          <button type="button" className="button-secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button-link" disabled={isSubmitting}>
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
    </dialog>
  );
  // On the body: the dialog may be opened from inside another form (the review step's).
  return createPortal(dialogView, document.body);
}
