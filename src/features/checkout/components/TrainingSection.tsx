/**
 * Online training on the review step (SPEC 2.5, 5): each training line of the cart with its
 * participants, or 'Participants needed', and a button that opens the participants modal.
 * Saving is a checkout choice (`GiveTrainingParticipants`): decided here at once and synced,
 * offline too. Nothing is shown for a cart without online training. An order placed without
 * participants asks for them on its confirmation ('additional processing', SPEC 4.8).
 */
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { CheckoutView } from '../../../infra/checkout/checkout-store';
import { TrainingParticipantList } from '../../../shell/order/OrderParts';
import { useCheckout } from '../hooks/use-checkout';
import {
  TrainingParticipantsDialog,
  trainingToday,
  type TrainingLine,
} from './TrainingParticipantsDialog';
import '../training.css';

export function TrainingSection({ view }: { view: CheckoutView }) {
  const { store } = useCheckout();
  const id = useId();
  const [open, setOpen] = useState<TrainingLine | null>(null);
  const lines = (view.cart?.lines ?? []).filter((line) => line.format === 'online-training');
  if (lines.length === 0 || !store) return null;
  const given = view.state.training;

  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Online training participants</Trans>
      </h2>
      <ul className="training-lines">
        {lines.map((line) => {
          const participants = given[line.code] ?? [];
          const complete = participants.length === line.quantity;
          const nameId = `${id}-${line.code}`;
          return (
            <li key={line.code} className="training-line" data-testid={`training-${line.code}`}>
              <span id={nameId} className="training-line__name">
                {line.name}
              </span>
              {complete ? (
                <TrainingParticipantList participants={participants} />
              ) : (
                <p className="training-line__missing">
                  <Trans>Participants needed</Trans>
                </p>
              )}
              <button
                type="button"
                className="button-secondary"
                aria-describedby={nameId}
                onClick={() => {
                  setOpen({ code: line.code, name: line.name, quantity: line.quantity });
                }}
              >
                {complete ? <Trans>Edit participants</Trans> : <Trans>Add participants</Trans>}
              </button>
            </li>
          );
        })}
      </ul>
      {open ? (
        <TrainingParticipantsDialog
          line={open}
          initial={given[open.code]}
          today={trainingToday()}
          onClose={() => {
            setOpen(null);
          }}
          onSave={(participants) => {
            const { error, saved } = store.choose({
              type: 'GiveTrainingParticipants',
              data: { code: open.code, participants },
            });
            if (error) return Promise.resolve(error.detail);
            saved.catch((failure: unknown) => {
              console.warn('The training participants could not be kept on this device.', failure);
            });
            return Promise.resolve(null);
          }}
        />
      ) : null}
    </section>
  );
}
