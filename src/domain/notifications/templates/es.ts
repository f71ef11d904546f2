import { clockOf, dayOf } from './dates.js';
import { INVITATION_DAYS } from '../../invitations/invitation-mail.js';
import { failureOf, hasInvitation, invitationLink, messageOf, type AudienceWords, type MailFacts, type Wording } from './facts.js';

/** Spanish, addressing the reader as usted, as the web app does. */

const on = (facts: MailFacts) => (facts.start ? `el ${dayOf(facts.start, 'es')} a las ${clockOf(facts.start, 'es')}` : 'a la hora prevista');
const shift = (facts: MailFacts) =>
  `${facts.positionName ?? 'su puesto'} en ${facts.ministryName ?? 'el ministerio'} (${facts.eventTitle ?? 'el evento'}) ${on(facts)}`;
const schedule = (facts: MailFacts) => `${facts.serviceUrl}/portal/volunteer/schedule`;
const volunteer = (facts: MailFacts) => facts.volunteerName ?? 'Un voluntario';

/** A quién fue un mensaje del espacio de trabajo, como lo nombra su pie (issue 34 #1). */
function audienceOf(audience: AudienceWords, ministryName: string): string {
  const at = `${audience.eventTitle ? ` en ${audience.eventTitle}` : ''}${audience.date ? ` el ${dayOf(audience.date, 'es')}` : ''}`;
  switch (audience.kind) {
    case 'team': return `el equipo ${audience.teamName ?? ''} de ${ministryName}`;
    case 'serving': return `las personas que sirven${audience.positionName ? ` como ${audience.positionName}` : ''}${at}`;
    case 'pending': return `las personas que aún no han respondido a una solicitud${audience.positionName ? ` como ${audience.positionName}` : ''}${at}`;
    default: return `los voluntarios de ${ministryName}`;
  }
}

/** El aviso de un correo a un voluntario que falló definitivamente (issue 34 #3). */
function failureLead(facts: MailFacts): string {
  const { recipientName, failedType, subject, reason } = failureOf(facts);
  const what = failedType === 'message' ? `El mensaje «${subject}» para ${recipientName}`
    : failedType === 'assignment' || failedType === 'reminder'
      ? `La solicitud a ${recipientName} para el ${facts.start ? `${dayOf(facts.start, 'es')} ${clockOf(facts.start, 'es')}` : 'turno'} ${facts.positionName ?? ''}`.trimEnd()
      : `Un correo para ${recipientName}${facts.positionName ? ` sobre ${shift(facts)}` : ''}`;
  return `${what} no se pudo entregar: ${reason}`;
}

export const es: Wording = {
  hello: (firstName) => `Hola, ${firstName}:`,
  labels: { what: 'Qué', when: 'Cuándo', where: 'Dónde', team: 'Equipo', accept: 'Aceptar', decline: 'Rechazar' },
  words(facts) {
    const { context } = facts;
    switch (facts.type) {
      case 'assignment':
        return {
          subject: `¿Puede servir como ${facts.positionName ?? 'voluntario'}?`,
          lead: [
            `Le pedimos servir como ${shift(facts)}.`,
            `Acepte o rechace en su calendario de voluntario: ${schedule(facts)}`,
            ...(facts.answerLink ? ['O responda desde este correo, sin iniciar sesión:'] : []),
          ],
          after: hasInvitation(facts) ? ['La invitación adjunta añade el turno a su calendario.'] : [],
        };
      case 'reminder':
        return {
          subject: `Recordatorio de servicio: ${facts.positionName ?? 'su turno'}`,
          lead: [
            `Le recordamos que sirve como ${shift(facts)}.`,
            `Su calendario: ${schedule(facts)}`,
            ...(facts.answerLink ? ['¿Todavía puede servir? Responda desde este correo, sin iniciar sesión:'] : []),
          ],
        };
      case 'assignment_withdrawn':
        return {
          subject: `Ya no hace falta: ${facts.positionName ?? 'su turno'}`,
          lead: [`Se retiró la petición de servir como ${shift(facts)}: al final no le necesitamos entonces. No tiene que hacer nada.`, `Su calendario: ${schedule(facts)}`],
        };
      case 'signup_confirm':
        return {
          subject: `Se ha apuntado para servir como ${facts.positionName ?? 'voluntario'}`,
          lead: [`Gracias por apuntarse para servir como ${shift(facts)}.`, `Su calendario: ${schedule(facts)}`],
        };
      case 'decline_alert':
        return {
          subject: `${volunteer(facts)} rechazó ${facts.positionName ?? 'un puesto'}`,
          lead: [`${volunteer(facts)} rechazó servir como ${shift(facts)}.`],
        };
      case 'gap_alert':
        return {
          subject: `Aún faltan puestos por cubrir en ${facts.eventTitle ?? 'un evento'}`,
          lead: [`Aún faltan puestos por cubrir en ${facts.eventTitle ?? 'un evento'} de ${facts.ministryName ?? 'su ministerio'}${facts.start ? ` ${on(facts)}` : ''}.`],
        };
      case 'swap_proposed':
        return {
          subject: `Se propone un sustituto para ${facts.positionName ?? 'un puesto'}`,
          lead: [`Se propuso un sustituto para ${shift(facts)}. Apruébelo o recházelo, por favor.`],
        };
      case 'swap_resolved':
        return {
          subject: `Sustitución decidida para ${facts.positionName ?? 'un puesto'}`,
          lead: [`Se decidió la sustitución para ${shift(facts)}. Vea su calendario: ${schedule(facts)}`],
        };
      case 'help_offer':
        return {
          subject: 'Alguien quiere ayudar',
          lead: [`${String(context.offeredByName ?? 'Un miembro')} quiere ayudar en ${facts.ministryName ?? String(context.ministryName ?? 'su ministerio')}.`],
        };
      case 'password_reset':
        if (context.welcome) {
          return {
            subject: 'Su calendario de voluntarios está listo: elija su contraseña',
            lead: [
              `Usted administra el calendario de voluntarios de ${facts.churchName}. Su nombre de usuario es ${String(context.userName)}.`,
              ...(facts.serviceUrl ? [`Elija su contraseña antes de una semana: ${facts.serviceUrl}/reset-password?token=${encodeURIComponent(String(context.resetToken ?? ''))}`] : []),
              `O escriba este código en la página de la contraseña antes de una semana: ${String(context.resetToken ?? '')}`,
            ],
          };
        }
        return context.temporaryPassword
          ? { subject: 'Se restableció su contraseña', lead: [`Un administrador restableció su contraseña. Su contraseña temporal es: ${String(context.temporaryPassword)}`, 'Cámbiela después de iniciar sesión, por favor.'] }
          : {
            subject: 'Restablezca su contraseña',
            lead: [
              ...(context.userName ? [`Esto es para la cuenta con el nombre de usuario ${String(context.userName)}.`] : []),
              ...(facts.serviceUrl ? [`Elija una contraseña nueva antes de un día: ${facts.serviceUrl}/reset-password?token=${encodeURIComponent(String(context.resetToken ?? ''))}`] : []),
              `O escriba este código en la página de la contraseña antes de un día: ${String(context.resetToken ?? '')}`,
              'Si no lo pidió, ignore este mensaje.',
            ],
          };
      case 'account_locked':
        return { subject: 'Su cuenta está bloqueada', lead: ['Se escribieron demasiadas contraseñas incorrectas para su cuenta, así que está bloqueada. Pida a un administrador que la desbloquee.'] };
      case 'email_changed':
        return {
          subject: 'Se cambió su dirección de correo',
          lead: [
            'Se cambió la dirección de correo de su cuenta: desde ahora los mensajes van a la nueva dirección y esta ya no los recibe.',
            'Si no lo pidió, avise enseguida a un administrador.',
          ],
        };
      case 'two_factor_enabled':
        return {
          subject: 'El inicio de sesión en dos pasos está activado',
          lead: [
            'Se activó el inicio de sesión en dos pasos para su cuenta: ahora también se pide un código de una aplicación de autenticación.',
            'Si no fue usted, otra persona puede estar usando su cuenta: avise enseguida a un administrador, que puede desactivarlo.',
          ],
        };
      case 'two_factor_disabled':
        return {
          subject: 'El inicio de sesión en dos pasos está desactivado',
          lead: [
            context.by === 'administrator'
              ? 'Un administrador desactivó el inicio de sesión en dos pasos de su cuenta: ahora basta su contraseña.'
              : 'Se desactivó el inicio de sesión en dos pasos de su cuenta: ahora basta su contraseña.',
            'Si no lo pidió, cambie su contraseña y avise enseguida a un administrador.',
          ],
        };
      case 'invitation': {
        const link = invitationLink(facts);
        return {
          subject: 'Cree su acceso de voluntario',
          lead: [
            `${typeof context.inviterName === 'string' && context.inviterName ? `${context.inviterName} le invita` : 'Le invitamos'} a crear su acceso al calendario de voluntarios de ${facts.churchName}: verá cuándo sirve, responderá a las peticiones y nos dirá cuándo está fuera.`,
            link ? `Elija su contraseña antes de ${INVITATION_DAYS} días: ${link}` : `Escriba este código en la página de la invitación antes de ${INVITATION_DAYS} días: ${String(context.invitationToken ?? '')}`,
            'Su nombre de usuario es esta dirección de correo, salvo que elija otro. El enlace sirve una sola vez.',
            'Si no lo esperaba, ignore este mensaje.',
          ],
          buttons: link ? [{ label: 'Crear mi acceso', url: link, tone: 'action' }] : [],
        };
      }
      case 'registration_rejected':
        return {
          subject: 'Su inscripción',
          lead: [
            'Gracias por inscribirse. No hemos podido aprobar su inscripción.',
            ...(typeof context.reason === 'string' && context.reason ? [`El motivo: ${context.reason}`] : []),
            'Si cree que es un error, contacte con la oficina de la iglesia.',
          ],
        };
      case 'message': {
        const message = messageOf(facts);
        return { subject: message.subject, lead: [`${message.senderName} (${message.ministryName}) escribe:`, ...message.paragraphs] };
      }
      case 'delivery_failed':
        return {
          subject: `No se pudo entregar un correo a ${failureOf(facts).recipientName}`,
          lead: [failureLead(facts), 'Póngase en contacto de otra manera y revise la dirección de correo de su ficha.'],
        };
      case 'account_unlocked':
        return { subject: 'Su cuenta está desbloqueada', lead: ['Un administrador desbloqueó su cuenta. Ya puede iniciar sesión.'] };
      default:
        return { subject: 'Un mensaje de su iglesia', lead: [] };
    }
  },
  why: {
    volunteer: (facts) => `Recibe este correo porque sirve${facts.ministryName ? ` en ${facts.ministryName}` : ''} en ${facts.churchName}.`,
    coordinator: (facts) => `Recibe este correo porque se le avisa de las respuestas${facts.ministryName ? ` de ${facts.ministryName}` : ''} en ${facts.churchName}.`,
    account: (facts) => `Recibe este correo porque trata de su cuenta en ${facts.churchName}.`,
    message: (facts) => {
      const message = messageOf(facts);
      return `Recibe este correo porque ${message.senderName} escribió a ${audienceOf(message.audience, message.ministryName)} en ${facts.churchName}.`;
    },
  },
  preferences: (url) => `Su idioma y sus correos: ${url}`,
  calendar: {
    summary: (facts) => `${facts.positionName ?? 'Servicio'} – ${facts.eventTitle ?? facts.ministryName ?? 'iglesia'}`,
    description: (facts) => [
      `${facts.ministryName ?? ''}${facts.teamName ? ` · ${facts.teamName}` : ''}`.trim(),
      facts.answerLink ? `Aceptar: ${facts.answerLink}?response=accepted\nRechazar: ${facts.answerLink}?response=declined` : '',
    ].filter(Boolean).join('\n\n'),
  },
};
