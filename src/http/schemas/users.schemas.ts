import { Type, type Static } from '@sinclair/typebox';
import { ROLE_FLAGS } from '../../domain/access/caller.js';
import { LANGUAGES } from '../../db/schema.js';
import { Id, Nullable, PermissiveBoolean, WallClock } from './common.js';

const roleProperties = (schema: () => ReturnType<typeof Type.Boolean> | typeof PermissiveBoolean) =>
  Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, schema()]));

/** A language the web app and the mails are written in. */
export const LanguageCode = Type.Union(LANGUAGES.map((code) => Type.Literal(code)), { 'x-error': `language must be one of ${LANGUAGES.join(', ')}` });

export const RolesResponse = Type.Object(roleProperties(() => Type.Boolean()) as Record<(typeof ROLE_FLAGS)[number], ReturnType<typeof Type.Boolean>>);

export const RolesInput = Type.Object(
  Object.fromEntries(ROLE_FLAGS.map((flag) => [flag, Type.Optional(PermissiveBoolean)])),
  { additionalProperties: false, description: 'Role flags to set; flags left out are unchanged (false on create).' },
);

export const User = Type.Object({
  id: Type.Integer(),
  personId: Type.Integer(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Nullable(Type.String()),
  roles: RolesResponse,
  selfService: Type.Boolean(),
  /** The person's own language (issue 33 #4); null until chosen: the web app then keeps the browser's. */
  language: Nullable(LanguageCode),
});

export type UserView = Static<typeof User>;

export const UserEnvelope = Type.Object({ user: User });

export const CurrentUserChangesBody = Type.Object({ language: LanguageCode });

export const CreateUserBody = Type.Object({
  personId: Id,
  userName: Type.String({ maxLength: 50 }),
  password: Type.String({ maxLength: 200 }),
  roles: Type.Optional(RolesInput),
});

export const UpdateUserBody = Type.Object({
  userName: Type.Optional(Type.String({ maxLength: 50 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  roles: Type.Optional(RolesInput),
});

export const ApiKey = Type.Object({ id: Type.Integer(), label: Nullable(Type.String()), createdDate: WallClock, lastUsedDate: Nullable(WallClock) });
export type ApiKeyView = Static<typeof ApiKey>;

export const ApiKeyList = Type.Object({ apiKeys: Type.Array(ApiKey) });

export const NewApiKeyBody = Type.Object({ label: Type.Optional(Type.String({ maxLength: 100 })) });
export const NewApiKey = Type.Object({ apiKey: Type.String(), id: Type.Integer() });

export const LoginBody = Type.Object({
  userName: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  otp: Type.Optional(Type.String({ maxLength: 50 })),
});

/** The web app's sign-in: E20's body, where the name may be an e-mail address too (issue 33). */
export const SessionBody = Type.Object({
  userName: Type.Optional(Type.String({ maxLength: 200, description: 'A user name or an e-mail address, ignoring case' })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  otp: Type.Optional(Type.String({ maxLength: 50 })),
});

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ maxLength: 200 }),
  newPassword: Type.String({ maxLength: 200 }),
});

/** The caller's own password, asked again before a change to how they sign in (ours, issue 31). */
export const OwnPasswordBody = Type.Object({ password: Type.String({ maxLength: 200, description: 'The current password of the signed-in user' }) });

export const TwoFactorEnrolment = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
  qrSvg: Type.String({ description: 'The QR code of otpauthUrl, an SVG document' }),
});

export const PermissionSummary = Type.Object({
  user: Type.String(),
  userId: Type.Integer(),
  addEvent: Type.Boolean(),
  csvExport: Type.Boolean(),
});
export type PermissionSummaryView = Static<typeof PermissionSummary>;
