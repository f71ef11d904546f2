import { areaMessages } from '../../area';
import { usersMessages } from './users';
import { settingsMessages } from './settings';
import { peopleMessages } from './people';
import { peopleImportMessages } from './people-import';
import { groupsMessages } from './groups';
import { calendarsMessages } from './calendars';
import { registrationsMessages } from './registrations';
import { kiosksMessages } from './kiosks';

/** What every administrator's page shares; each page's own strings are in the file named for it. */
const common = areaMessages(
  {
    nav: { menu: 'Administration', users: 'Users', settings: 'Settings', people: 'People', groups: 'Groups', calendars: 'Calendars', registrations: 'Registrations', kiosks: 'Kiosks', invitations: 'Invitations' },
    actions: 'Actions',
    saving: 'Saving…',
    working: 'Working…',
  },
  {
    nav: { menu: 'Administración', users: 'Usuarios', settings: 'Configuración', people: 'Personas', groups: 'Grupos', calendars: 'Calendarios', registrations: 'Inscripciones', kiosks: 'Quioscos', invitations: 'Invitaciones' },
    actions: 'Acciones',
    saving: 'Guardando…',
    working: 'Un momento…',
  },
);

export const adminMessages = {
  en: { ...common.en, ...usersMessages.en, ...settingsMessages.en, ...peopleMessages.en, ...peopleImportMessages.en, ...groupsMessages.en, ...calendarsMessages.en, ...registrationsMessages.en, ...kiosksMessages.en },
  es: { ...common.es, ...usersMessages.es, ...settingsMessages.es, ...peopleMessages.es, ...peopleImportMessages.es, ...groupsMessages.es, ...calendarsMessages.es, ...registrationsMessages.es, ...kiosksMessages.es },
};
