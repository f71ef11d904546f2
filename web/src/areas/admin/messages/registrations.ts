import { areaMessages } from '../../area';

/** The registrations page: self-registered people and families waiting for review. */
export const registrationsMessages = areaMessages(
  {
  registrations: {
    title: 'Registrations',
    intro: 'People who registered themselves wait here until someone checks them.',
    approveChosen: 'Approve the {{count}} chosen',
    approveOne: 'Approve',
    approved: 'Approved: {{count}}.',
    choose: 'Choose {{name}}',
    families: 'Families waiting',
    people: 'People waiting',
    noFamilies: 'No family is waiting.',
    noPeople: 'Nobody is waiting.',
    familyName: 'Family',
    personName: 'Name',
    members: 'Members',
    email: 'E-mail',
    phone: 'Phone',
    registered: 'Registered',
  },
  },
  {
  registrations: {
    title: 'Inscripciones',
    intro: 'Las personas que se inscribieron solas esperan aquí hasta que alguien las revise.',
    approveChosen: 'Aprobar los {{count}} elegidos',
    approveOne: 'Aprobar',
    approved: 'Aprobados: {{count}}.',
    choose: 'Elegir {{name}}',
    families: 'Familias en espera',
    people: 'Personas en espera',
    noFamilies: 'Ninguna familia espera.',
    noPeople: 'Nadie espera.',
    familyName: 'Familia',
    personName: 'Nombre',
    members: 'Miembros',
    email: 'Correo',
    phone: 'Teléfono',
    registered: 'Inscrito',
  },
  },
);
