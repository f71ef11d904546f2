import { clockOf, dayOf } from './dates.js';
import { INVITATION_DAYS } from '../../invitations/invitation-mail.js';
import { failureOf, hasInvitation, invitationLink, messageOf, type AudienceWords, type MailFacts, type Wording } from './facts.js';

/** English: the sentences the contract's mail facts were first checked against (§13.5). */

const on = (facts: MailFacts) => (facts.start ? `${dayOf(facts.start, 'en')} at ${clockOf(facts.start, 'en')}` : 'the scheduled time');
const shift = (facts: MailFacts) =>
  `${facts.positionName ?? 'your position'} for ${facts.ministryName ?? 'the ministry'} (${facts.eventTitle ?? 'the event'}) on ${on(facts)}`;
const schedule = (facts: MailFacts) => `${facts.serviceUrl}/portal/volunteer/schedule`;
const volunteer = (facts: MailFacts) => facts.volunteerName ?? 'A volunteer';

/** Who a workspace message went to, as its footer names them (issue 34 #1). */
function audienceOf(audience: AudienceWords, ministryName: string): string {
  const at = `${audience.eventTitle ? ` at ${audience.eventTitle}` : ''}${audience.date ? ` on ${dayOf(audience.date, 'en')}` : ''}`;
  switch (audience.kind) {
    case 'team': return `the ${audience.teamName ?? ''} team of ${ministryName}`;
    case 'serving': return `the people serving${audience.positionName ? ` as ${audience.positionName}` : ''}${at}`;
    case 'pending': return `the people who have not yet answered a request${audience.positionName ? ` as ${audience.positionName}` : ''}${at}`;
    default: return `the volunteers of ${ministryName}`;
  }
}

/** The notice of a volunteer's mail that failed for good (issue 34 #3). */
function failureLead(facts: MailFacts): string {
  const { recipientName, failedType, subject, reason } = failureOf(facts);
  const what = failedType === 'message' ? `The message "${subject}" to ${recipientName}`
    : failedType === 'assignment' || failedType === 'reminder'
      ? `The request to ${recipientName} for ${facts.start ? `${dayOf(facts.start, 'en')} ${clockOf(facts.start, 'en')}` : 'a shift'} ${facts.positionName ?? ''}`.trimEnd()
      : `A mail to ${recipientName}${facts.positionName ? ` about ${shift(facts)}` : ''}`;
  return `${what} could not be delivered: ${reason}`;
}

export const en: Wording = {
  hello: (firstName) => `Hello ${firstName},`,
  labels: { what: 'What', when: 'When', where: 'Where', team: 'Team', accept: 'Accept', decline: 'Decline' },
  words(facts) {
    const { context } = facts;
    switch (facts.type) {
      case 'assignment':
        return {
          subject: `Please serve as ${facts.positionName ?? 'a volunteer'}`,
          lead: [
            `You have been asked to serve as ${shift(facts)}.`,
            `Please accept or decline on your volunteer schedule: ${schedule(facts)}`,
            ...(facts.answerLink ? ['Or answer straight from this e-mail, without signing in:'] : []),
          ],
          after: hasInvitation(facts) ? ['The attached invitation adds the shift to your calendar.'] : [],
        };
      case 'reminder':
        return {
          subject: `Volunteer reminder: ${facts.positionName ?? 'your shift'}`,
          lead: [
            `A reminder that you serve as ${shift(facts)}.`,
            `Your schedule: ${schedule(facts)}`,
            ...(facts.answerLink ? ['Can you still serve? Answer from this e-mail, without signing in:'] : []),
          ],
        };
      case 'assignment_withdrawn':
        return {
          subject: `No longer needed: ${facts.positionName ?? 'your shift'}`,
          lead: [`The request to serve as ${shift(facts)} has been withdrawn: you are not needed then after all. Nothing to do.`, `Your schedule: ${schedule(facts)}`],
        };
      case 'signup_confirm':
        return {
          subject: `You signed up to serve as ${facts.positionName ?? 'a volunteer'}`,
          lead: [`Thank you for signing up to serve as ${shift(facts)}.`, `Your schedule: ${schedule(facts)}`],
        };
      case 'decline_alert':
        return {
          subject: `${volunteer(facts)} declined ${facts.positionName ?? 'a position'}`,
          lead: [`${volunteer(facts)} declined to serve as ${shift(facts)}.`],
        };
      case 'gap_alert':
        return {
          subject: `Positions still need to be filled for ${facts.eventTitle ?? 'an event'}`,
          lead: [`Some positions still need to be filled for ${facts.eventTitle ?? 'an event'} of ${facts.ministryName ?? 'your ministry'}${facts.start ? ` on ${on(facts)}` : ''}.`],
        };
      case 'swap_proposed':
        return {
          subject: `A substitute is proposed for ${facts.positionName ?? 'a position'}`,
          lead: [`A substitute was proposed for ${shift(facts)}. Please approve or reject it.`],
        };
      case 'swap_resolved':
        return {
          subject: `Substitution decided for ${facts.positionName ?? 'a position'}`,
          lead: [`The substitution for ${shift(facts)} has been decided. See your schedule: ${schedule(facts)}`],
        };
      case 'help_offer':
        return {
          subject: 'Someone would like to help',
          lead: [`${String(context.offeredByName ?? 'A member')} would like to help ${facts.ministryName ?? String(context.ministryName ?? 'your ministry')}.`],
        };
      case 'password_reset':
        if (context.welcome) {
          return {
            subject: 'Your volunteer schedule is ready: choose your password',
            lead: [
              `You are the administrator of ${facts.churchName}'s volunteer schedule. Your user name is ${String(context.userName)}.`,
              ...(facts.serviceUrl ? [`Choose your password within a week: ${facts.serviceUrl}/reset-password?token=${encodeURIComponent(String(context.resetToken ?? ''))}`] : []),
              `Or enter this code on the password page within a week: ${String(context.resetToken ?? '')}`,
            ],
          };
        }
        return context.temporaryPassword
          ? { subject: 'Your password was reset', lead: [`An administrator reset your password. Your temporary password is: ${String(context.temporaryPassword)}`, 'Please change it after you sign in.'] }
          : {
            subject: 'Reset your password',
            lead: [
              // An address shared by a family gets one mail per account: each says whose it is.
              ...(context.userName ? [`This is for the account with the user name ${String(context.userName)}.`] : []),
              ...(facts.serviceUrl ? [`Choose a new password within a day: ${facts.serviceUrl}/reset-password?token=${encodeURIComponent(String(context.resetToken ?? ''))}`] : []),
              `Or enter this code on the password page within a day: ${String(context.resetToken ?? '')}`,
              'If you did not ask for this, ignore this message.',
            ],
          };
      case 'account_locked':
        return { subject: 'Your account is locked', lead: ['Too many wrong passwords were entered for your account, so it is locked. Ask an administrator to unlock it.'] };
      case 'email_changed':
        return {
          subject: 'Your e-mail address was changed',
          lead: [
            'The e-mail address of your account was changed, so messages from now on go to the new address and this one no longer receives them.',
            'If you did not ask for this, tell an administrator at once.',
          ],
        };
      case 'two_factor_enabled':
        return {
          subject: 'Two-factor sign-in is on',
          lead: [
            'Two-factor sign-in was turned on for your account: signing in now also asks for a code from an authenticator app.',
            'If you did not do this, someone else may be using your account: tell an administrator at once, who can turn it off for you.',
          ],
        };
      case 'two_factor_disabled':
        return {
          subject: 'Two-factor sign-in is off',
          lead: [
            context.by === 'administrator'
              ? 'An administrator turned off two-factor sign-in for your account: your password alone signs you in now.'
              : 'Two-factor sign-in was turned off for your account: your password alone signs you in now.',
            'If you did not ask for this, change your password and tell an administrator at once.',
          ],
        };
      case 'invitation': {
        const link = invitationLink(facts);
        return {
          subject: 'Create your volunteer login',
          lead: [
            `${typeof context.inviterName === 'string' && context.inviterName ? `${context.inviterName} invites you` : 'You are invited'} to create your login for ${facts.churchName}'s volunteer schedule: you will see when you serve, answer requests and tell us when you are away.`,
            link ? `Choose your password within ${INVITATION_DAYS} days: ${link}` : `Enter this code on the invitation page within ${INVITATION_DAYS} days: ${String(context.invitationToken ?? '')}`,
            'Your user name is this e-mail address, unless you choose another. The link works once.',
            'If you did not expect this, ignore this message.',
          ],
          buttons: link ? [{ label: 'Create my login', url: link, tone: 'action' }] : [],
        };
      }
      case 'registration_rejected':
        return {
          subject: 'Your registration',
          lead: [
            'Thank you for registering with us. We could not approve your registration.',
            ...(typeof context.reason === 'string' && context.reason ? [`The reason given: ${context.reason}`] : []),
            'If you think this is a mistake, please contact the church office.',
          ],
        };
      case 'message': {
        const message = messageOf(facts);
        return { subject: message.subject, lead: [`${message.senderName} (${message.ministryName}) writes:`, ...message.paragraphs] };
      }
      case 'delivery_failed':
        return {
          subject: `A mail to ${failureOf(facts).recipientName} could not be delivered`,
          lead: [failureLead(facts), 'Please reach them another way, and check the e-mail address on their record.'],
        };
      case 'account_unlocked':
        return { subject: 'Your account is unlocked', lead: ['An administrator unlocked your account. You can sign in again.'] };
      default:
        return { subject: 'A message from your church', lead: [] };
    }
  },
  why: {
    volunteer: (facts) => `You get this e-mail because you serve${facts.ministryName ? ` in ${facts.ministryName}` : ''} at ${facts.churchName}.`,
    coordinator: (facts) => `You get this e-mail because you are told of the replies${facts.ministryName ? ` for ${facts.ministryName}` : ''} at ${facts.churchName}.`,
    account: (facts) => `You get this e-mail because it is about your account at ${facts.churchName}.`,
    message: (facts) => {
      const message = messageOf(facts);
      return `You get this e-mail because ${message.senderName} wrote to ${audienceOf(message.audience, message.ministryName)} at ${facts.churchName}.`;
    },
  },
  preferences: (url) => `Your language and your e-mails: ${url}`,
  calendar: {
    summary: (facts) => `${facts.positionName ?? 'Serving'} – ${facts.eventTitle ?? facts.ministryName ?? 'church'}`,
    description: (facts) => [
      `${facts.ministryName ?? ''}${facts.teamName ? ` · ${facts.teamName}` : ''}`.trim(),
      facts.answerLink ? `Accept: ${facts.answerLink}?response=accepted\nDecline: ${facts.answerLink}?response=declined` : '',
    ].filter(Boolean).join('\n\n'),
  },
};
