/** What a column of an imported file can fill: a person's field, their family's, or the key that groups a family's rows. */
export const IMPORT_FIELDS = [
  'firstName', 'middleName', 'lastName', 'email', 'cellPhone', 'homePhone', 'workPhone', 'birthDate', 'gender',
  'family', 'familyKey', 'familyRole', 'address1', 'address2', 'city', 'state', 'zip', 'country',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Which field each column fills, by the column's header; a header missing or mapped to null is not imported. */
export type ColumnMapping = Record<string, ImportField | null>;

/** A header compared without case, accents, spaces or punctuation: "First Name", "first_name" and "FirstName" agree. */
export const headerKey = (header: string) => header.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The headers of the exports churches bring: ChurchCRM's person export ("Family ID", "First Name", "Cell Phone",
 * "Birth Date", "Family Role"), Planning Center People's ("Given Name", "Mobile Phone Number", "Home Email",
 * "Birthdate", "Household ID", "Household Name", "Home Address Street Line 1"), a plain
 * `first,last,email,phone,family` sheet, our own export, and their Spanish names.
 */
const KNOWN_HEADERS: Record<ImportField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'nombre', 'nombres'],
  middleName: ['middlename', 'middle', 'segundonombre'],
  lastName: ['lastname', 'last', 'surname', 'apellido', 'apellidos'],
  email: ['email', 'emailaddress', 'homeemail', 'personalemail', 'mail', 'correo', 'correoelectronico'],
  cellPhone: ['cellphone', 'cell', 'mobile', 'mobilephone', 'mobilephonenumber', 'phone', 'phonenumber', 'celular', 'movil', 'telefono'],
  homePhone: ['homephone', 'homephonenumber', 'telefonocasa', 'telefonodecasa'],
  workPhone: ['workphone', 'workphonenumber', 'telefonotrabajo', 'telefonodetrabajo'],
  birthDate: ['birthdate', 'birthday', 'dateofbirth', 'dob', 'birthdaydate', 'fechadenacimiento', 'nacimiento'],
  gender: ['gender', 'sex', 'genero', 'sexo'],
  family: ['family', 'familyname', 'household', 'householdname', 'familia'],
  familyKey: ['familyid', 'householdid', 'famid', 'idfamilia'],
  familyRole: ['familyrole', 'role', 'householdrole', 'rolfamiliar', 'parentesco'],
  address1: ['address1', 'address', 'street', 'addressline1', 'homeaddressstreetline1', 'streetaddress', 'direccion'],
  address2: ['address2', 'addressline2', 'homeaddressstreetline2'],
  city: ['city', 'homeaddresscity', 'town', 'ciudad'],
  state: ['state', 'province', 'region', 'homeaddressstate', 'estado', 'provincia'],
  zip: ['zip', 'zipcode', 'postcode', 'postalcode', 'homeaddresszipcode', 'codigopostal'],
  country: ['country', 'homeaddresscountry', 'homeaddresscountrycode', 'pais'],
};

const FIELD_OF_KEY = new Map(Object.entries(KNOWN_HEADERS).flatMap(([field, keys]) => keys.map((key) => [key, field as ImportField])));

/**
 * The mapping a file's headers suggest: each recognised header to its field, the first column winning where two
 * name the same field, every other column not imported.
 */
export function suggestedMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return Object.fromEntries(headers.map((header) => {
    const field = FIELD_OF_KEY.get(headerKey(header));
    if (!field || taken.has(field)) return [header, null];
    taken.add(field);
    return [header, field];
  }));
}

/**
 * The mapping used: the suggestion, with the columns the user chose overriding it. Throws nothing: a field two
 * columns fill is read from the first, and a header not in the file is ignored.
 */
export function mappingOf(headers: readonly string[], chosen: ColumnMapping | undefined): ColumnMapping {
  const suggested = suggestedMapping(headers);
  if (!chosen) return suggested;
  return Object.fromEntries(headers.map((header) => [header, header in chosen ? chosen[header] : suggested[header]]));
}

/** Where each field is read in a row: the column index of the first column mapped to it. */
export function columnsOf(headers: readonly string[], mapping: ColumnMapping): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}
