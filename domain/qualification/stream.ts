/**
 * A user's qualifications as a stream kind (decision 057): one stream per user, written by
 * the store only (the account pages' requests and the staff's review tool), read through the
 * `qualifications` read model.
 */
import * as z from 'zod';
import { defineStreamKind } from '../sync/stream-kind';
import {
  QUALIFICATION_MESSAGES,
  qualificationsDecider,
  type QualificationCommand,
  type QualificationEvent,
  type QualificationsState,
} from './qualification';

export const QUALIFICATIONS_READ_MODEL = 'qualifications';

export const qualificationsStreamKind = defineStreamKind<
  QualificationsState,
  QualificationCommand,
  QualificationEvent
>({
  name: 'qualifications',
  // Written by the store only: the pages post to /api/me/qualifications.
  address: null,
  owners: 'users',
  perStore: false,
  initialState: qualificationsDecider.initialState,
  decide: qualificationsDecider.decide,
  evolve: qualificationsDecider.evolve,
  upcast: (stored) => stored as QualificationEvent,
  commandSchema: z.never(),
  refused: QUALIFICATION_MESSAGES.refused,
  snapshotShape: 1,
  readModels: [{ name: QUALIFICATIONS_READ_MODEL, shape: 1, project: (state) => state }],
});
