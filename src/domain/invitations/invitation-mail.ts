/** The invitation mail's words (issue 33 #1), apart so the mail templates can take them over. */

export interface InvitationMailFacts {
  churchName: string;
  /** The web app's address without a trailing slash; '' when not set. */
  serviceUrl: string;
  firstName: string;
  /** The one-time token; it travels only in the outbox row until the mail is delivered. */
  token: string;
  inviterName: string | null;
}

export const INVITATION_PAGE = '/invitation';
export const INVITATION_DAYS = 7;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invitationMail(facts: InvitationMailFacts): { subject: string; text: string; html: string } {
  const link = facts.serviceUrl ? `${facts.serviceUrl}${INVITATION_PAGE}?token=${encodeURIComponent(facts.token)}` : '';
  const who = facts.inviterName ? `${facts.inviterName} invites you` : 'You are invited';
  const lines = [
    `${who} to create your login for ${facts.churchName}'s volunteer schedule: you will see when you serve, answer requests and tell us when you are away.`,
    link ? `Choose your password within ${INVITATION_DAYS} days: ${link}` : `Enter this code on the invitation page within ${INVITATION_DAYS} days: ${facts.token}`,
    'Your user name is this e-mail address, unless you choose another. The link works once.',
    'If you did not expect this, ignore this message.',
  ];
  const text = [`Hello ${facts.firstName},`, '', ...lines, '', `— ${facts.churchName}`].join('\n');
  const button = link ? `<p><a href="${escapeHtml(link)}">Create my login</a></p>` : '';
  const html = `<p>Hello ${escapeHtml(facts.firstName)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${button}<p>— ${escapeHtml(facts.churchName)}</p>`;
  return { subject: `[${facts.churchName}] Create your volunteer login`, text, html };
}
