/**
 * The store's product categories (SPEC 2.3 main menu), by slug: the built-in menu lists
 * them, and search and product pages name a product's category with them.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const PRODUCT_CATEGORIES: readonly (readonly [string, MessageDescriptor])[] = [
  ['academic-learning', msg`Academic learning`],
  ['behavior', msg`Behavior`],
  ['career-planning', msg`Career planning`],
  ['cognition-neuro', msg`Cognition & neuro`],
  ['developmental', msg`Developmental`],
  ['motor-sensory', msg`Motor & sensory`],
  ['personality', msg`Personality`],
  ['mtss-rti', msg`MTSS/RTI`],
  ['spanish', msg`Spanish assessments`],
  ['speech-language', msg`Speech & language`],
];

export const DIGITAL_SOLUTIONS: readonly (readonly [string, MessageDescriptor])[] = [
  ['telepractice', msg`Telepractice`],
  ['scoring-reporting', msg`Scoring & reporting platforms`],
  ['digital-libraries', msg`Digital assessment libraries`],
];

export const OTHER_TYPES: readonly (readonly [string, MessageDescriptor])[] = [
  ['large-scale', msg`Large-scale assessments`],
  ['graduate-admissions', msg`Graduate admissions`],
];

/** Every category of the main menu by its slug, for category pages and product pages. */
export const CATEGORY_LABELS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...PRODUCT_CATEGORIES,
  ...DIGITAL_SOLUTIONS,
  ...OTHER_TYPES,
]);
