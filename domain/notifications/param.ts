/**
 * The query parameter that carries notifications to a page (SPEC 3, 4.6). Apart from their
 * schema (notifications.ts) so a page can tell it has some without loading the parser.
 */
export const NOTIFICATIONS_PARAM = 'notifications';
