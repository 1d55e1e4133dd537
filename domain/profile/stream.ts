/**
 * The profile as a stream kind (decision 055): one stream per user, written by the store only
 * (the profile and preferences requests), read through the `profiles` read model written with
 * its events.
 */
import * as z from 'zod';
import { defineStreamKind } from '../sync/stream-kind';
import {
  profileDecider,
  PROFILE_MESSAGES,
  type ProfileCommand,
  type ProfileEvent,
  type ProfileState,
} from './profile';

export const PROFILES_READ_MODEL = 'profiles';

export const profileStreamKind = defineStreamKind<ProfileState, ProfileCommand, ProfileEvent>({
  name: 'profile',
  // Written by the store only: each change is its own online request.
  address: null,
  owners: 'users',
  perStore: false,
  initialState: profileDecider.initialState,
  decide: profileDecider.decide,
  evolve: profileDecider.evolve,
  upcast: (stored) => stored as ProfileEvent,
  commandSchema: z.never(),
  refused: PROFILE_MESSAGES.refused,
  snapshotShape: 1,
  readModels: [{ name: PROFILES_READ_MODEL, shape: 1, project: (state) => state }],
});
