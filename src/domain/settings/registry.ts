import { invalid } from '../errors.js';
import { isValidTimeZone } from '../clock.js';
import { parsePermissiveBoolean } from '../values.js';
import { isLanguage } from '../people/language.js';
import { LANGUAGES, type Language } from '../../db/schema.js';

/** One known setting: its default, how a written value is checked, and how a stored value is read. */
interface SettingDefinition<T> {
  readonly default: string;
  /** Never returned by the config API (it answers ""). */
  readonly secret?: boolean;
  /** Answers the value to store, or throws a 400. */
  normalize(value: string, name: string): string;
  read(stored: string): T;
}

const asIs = (value: string) => value;

function text(defaultValue: string, secret = false): SettingDefinition<string> {
  return { default: defaultValue, secret, normalize: asIs, read: asIs };
}

function flag(defaultValue: boolean): SettingDefinition<boolean> {
  return {
    default: defaultValue ? '1' : '0',
    normalize(value, name) {
      const parsed = parsePermissiveBoolean(value.trim(), { strictStrings: true });
      if (parsed === undefined) throw invalid(`${name} must be true or false`);
      return parsed ? '1' : '0';
    },
    read: (stored) => stored === '1' || stored.toLowerCase() === 'true',
  };
}

interface IntegerOptions {
  min: number;
  max?: number;
  /** A blank value is allowed and reads as null. */
  blankAllowed?: boolean;
  /** Read values are clamped into [min, max] instead of falling back to the default. */
  clampOnRead?: boolean;
}

function integer(defaultValue: number, options: IntegerOptions): SettingDefinition<number>;
function integer(defaultValue: null, options: IntegerOptions & { blankAllowed: true }): SettingDefinition<number | null>;
function integer(defaultValue: number | null, options: IntegerOptions): SettingDefinition<number | null> {
  const { min, max = Number.MAX_SAFE_INTEGER } = options;
  return {
    default: defaultValue === null ? '' : String(defaultValue),
    normalize(value, name) {
      const trimmed = value.trim();
      if (trimmed === '' && options.blankAllowed) return '';
      const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
      if (!/^-?\d+$/.test(trimmed)) throw invalid(`${name} must be a whole number ${range}`);
      const number = Number(trimmed);
      if (!options.clampOnRead && (number < min || number > max)) throw invalid(`${name} must be a whole number ${range}`);
      return String(number);
    },
    read(stored) {
      const trimmed = stored.trim();
      if (!/^-?\d+$/.test(trimmed)) return defaultValue;
      const number = Number(trimmed);
      if (options.clampOnRead) return Math.min(max, Math.max(min, number));
      return number < min || number > max ? defaultValue : number;
    },
  };
}

function decimal(defaultValue: number, min: number, max: number): SettingDefinition<number> {
  return {
    default: String(defaultValue),
    normalize(value, name) {
      const trimmed = value.trim();
      const number = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(number) || number < min || number > max) {
        throw invalid(`${name} must be a number from ${min} to ${max}`);
      }
      return trimmed;
    },
    read(stored) {
      const number = Number(stored.trim());
      return stored.trim() === '' || !Number.isFinite(number) ? defaultValue : Math.min(max, Math.max(min, number));
    },
  };
}

/** One of a few words, compared without case. */
function oneOf<const T extends string>(words: readonly T[], defaultValue: T): SettingDefinition<T> {
  const find = (value: string) => words.find((word) => word === value.trim().toLowerCase());
  return {
    default: defaultValue,
    normalize(value, name) {
      const found = find(value);
      if (found === undefined) throw invalid(`${name} must be one of ${words.join(', ')}`);
      return found;
    },
    read: (stored) => find(stored) ?? defaultValue,
  };
}

const timeZone: SettingDefinition<string> = {
  default: 'America/New_York',
  normalize(value, name) {
    const trimmed = value.trim();
    if (!isValidTimeZone(trimmed)) throw invalid(`${name} must be an IANA time zone such as America/New_York`);
    return trimmed;
  },
  read: (stored) => (isValidTimeZone(stored) ? stored : 'America/New_York'),
};

function json<T>(defaultValue: T): SettingDefinition<T> {
  return {
    default: '',
    normalize(value, name) {
      if (value.trim() === '') return '';
      try {
        JSON.parse(value);
      } catch {
        throw invalid(`${name} must be JSON`);
      }
      return value;
    },
    read(stored) {
      try {
        return stored.trim() === '' ? defaultValue : (JSON.parse(stored) as T);
      } catch {
        return defaultValue;
      }
    },
  };
}

/** A language the mails are written in: `en` or `es`. */
const language: SettingDefinition<Language> = {
  default: 'en',
  normalize(value, name) {
    const trimmed = value.trim().toLowerCase();
    if (!isLanguage(trimmed)) throw invalid(`${name} must be one of ${LANGUAGES.join(', ')}`);
    return trimmed;
  },
  read: (stored) => (isLanguage(stored) ? stored : 'en'),
};

/** Every setting the service knows (contract §12.2, §13.1, §15.7, §17). Names outside this list answer 404. */
export const SETTINGS = {
  sVolunteerVersion: text('v2'),
  iVolunteerSchedulingHorizonWeeks: integer(8, { min: 1, max: 52, clampOnRead: true }),
  iVolunteerReminderLeadHours: decimal(48, 0, 720),
  iVolunteerDefaultEventTypeId: integer(null, { min: 1, blankAllowed: true }),
  sLastVolunteerTopUpRunDate: text(''),
  sLastVolunteerTopUpResult: text(''),
  iMaxFailedLogins: integer(5, { min: 0 }),
  iLoginRateLimitPerMinute: integer(20, { min: 0 }),
  // Ours (issue 31): a web app sign-in ends after this many days unused, and this many days after it began
  // whatever its use, so that a session cookie left on a shared computer does not work for ever. E20's keys stay.
  iSessionIdleDays: integer(14, { min: 1, max: 3650 }),
  iSessionMaxDays: integer(90, { min: 1, max: 3650 }),
  iPublicFormRateLimitPerMinute: integer(10, { min: 0 }),
  iTimerJobsMinIntervalMinutes: integer(15, { min: 0 }),
  // Ours: how long a delivery worker holds the messages it claimed; an instance that dies holding them frees
  // them after this long, and another instance sends them. Longer than a slow mail server takes for a batch.
  iOutboxClaimSeconds: integer(300, { min: 5, max: 3600 }),
  sLastTimerJobsRunDateTime: text(''),
  bEnableSelfRegistration: flag(false),
  bEnableExternalCalendarAPI: flag(false),
  bEnabledEmail: flag(false),
  iDoNotEmailPropertyId: integer(null, { min: 1, blankAllowed: true }),
  sChurchName: text('Our Church'),
  sChurchEmail: text(''),
  // Ours: where people open the web app (e.g. https://serve.example.org); mails link to it when set.
  sServiceURL: text(''),
  sTimeZone: timeZone,
  // Ours (issue 33 #4): the language of the mails to people who have not chosen their own.
  sDefaultLanguage: language,
  // Ours (issue 36 #4): the church checks people in, so a shift that ended without a check-in is a no-show. Off by
  // default: a church that never checks in is not told everyone was absent.
  bEnableAttendance: flag(false),
  // Ours (issue 36 #3): when a volunteer may check in from My schedule, around the shift's start; and the venue's
  // code they must then type, when the church sets one (blank: none asked).
  iCheckInOpensMinutesBefore: integer(60, { min: 0, max: 1440 }),
  iCheckInClosesMinutesAfter: integer(30, { min: 0, max: 1440 }),
  sCheckInCode: text(''),
  // Ours (issue 36 #3): where volunteers check themselves in: `phone`, from My schedule (with the venue's code when
  // one is set), or `kiosk`, only at the door tablet, by name or by the QR code My schedule shows.
  sSelfCheckIn: oneOf(['phone', 'kiosk'], 'phone'),
  aPortalCalendars: json<unknown>(null),
  sSMTPHost: text(''),
  bSMTPAuth: flag(false),
  sSMTPUser: text(''),
  sSMTPPass: text('', true),
} satisfies Record<string, SettingDefinition<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = ReturnType<(typeof SETTINGS)[N]['read']>;

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTINGS, name);
}
