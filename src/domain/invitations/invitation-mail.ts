/**
 * The invitation's page and lifetime (issue 33 #1). Its mail is worded with the other mails, in the recipient's
 * language, in notifications/templates (en.ts, es.ts).
 */

export const INVITATION_PAGE = '/invitation';
export const INVITATION_DAYS = 7;
