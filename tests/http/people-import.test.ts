import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ImportDryRunView, ImportProgressLineView, ImportResultView } from '../../src/http/schemas/people-import.schemas.js';
import { as, countRows, expectError, newFamily, newPerson, refusePeopleNamed, storedRows, useServer, useUser } from '../kit/index.js';

const server = useServer();
const editor = useUser(server, ['editRecords']);
const staff = useUser(server, ['finance']);
const volunteer = useUser(server);

const base64 = (file: string | Buffer) => (typeof file === 'string' ? Buffer.from(file, 'utf8') : file).toString('base64');
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

async function dryRun(file: string | Buffer, mapping?: Record<string, string | null>): Promise<ImportDryRunView> {
  const answer = await server.post('/api/persons/import/dry-run', { file: base64(file), ...(mapping && { mapping }) }, as(editor));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as ImportDryRunView;
}

async function commit(file: string | Buffer, plan: ImportDryRunView, mapping?: Record<string, string | null>) {
  return server.post('/api/persons/import', { file: base64(file), planId: plan.planId, ...(mapping && { mapping }) }, as(editor));
}

/** People and families stored, to show a dry run or a failed commit wrote nothing. */
const counts = async () => ({ persons: await countRows(server, 'persons'), families: await countRows(server, 'families') });
const byRow = (plan: ImportDryRunView, row: number) => plan.rows.find((r) => r.row === row)!;

describe('POST /api/persons/import/dry-run', () => {
  it('says row by row what a plain first,last,email,phone,family sheet would create, and writes nothing', async () => {
    const file = 'first,last,email,phone,family\nAda,Lovell,ada@lovell.example,555-0100,Lovell\nByron,Lovell,,555-0101,Lovell\nCora,Single,cora@single.example,,\n';
    const before = await counts();
    const plan = await dryRun(file);
    assert.deepEqual(await counts(), before);
    assert.deepEqual(plan.columns.map((c) => [c.header, c.field]), [['first', 'firstName'], ['last', 'lastName'], ['email', 'email'], ['phone', 'cellPhone'], ['family', 'family']]);
    assert.deepEqual(plan.summary, { create: 3, match: 0, refuse: 0, newFamilies: 1 });
    assert.deepEqual(plan.file, { encoding: 'UTF-8', delimiter: ',', rows: 3 });
    assert.deepEqual(plan.rows.map((r) => [r.row, r.name, r.outcome, r.reasons]), [
      [2, 'Ada Lovell', 'create', ['Will be added, in the new family Lovell.']],
      [3, 'Byron Lovell', 'create', ['Will be added, in the new family Lovell.']],
      [4, 'Cora Single', 'create', ['Will be added, in no family.']],
    ]);
  });

  it('refuses rows with their reasons in plain words, and the rest of a family with a refused row', async () => {
    const file = [
      'First Name,Last Name,Email,Birth Date,Family',
      ',Nofirst,,,Nofirst', // 2: no first name
      'Bea,Bad,bea@,,', // 3: no e-mail address
      'Cal,Date,,1980-02-30,', // 4: no such day
      'Dee,Twice,dee@twice.example,,', // 5
      'Dee,Twice,DEE@twice.example,,', // 6: row 5 again
      'Eve,Nofirst,eve@nofirst.example,,Nofirst', // 7: family of row 2
    ].join('\n');
    const before = await counts();
    const plan = await dryRun(file);
    assert.deepEqual(await counts(), before);
    assert.deepEqual(plan.rows.map((r) => [r.row, r.outcome, r.reasons]), [
      [2, 'refuse', ['The first name is empty.']],
      [3, 'refuse', ['“bea@” is not an e-mail address.']],
      [4, 'refuse', ['“1980-02-30” is not a birth date; write it as 1980-05-17.']],
      [5, 'create', ['Will be added, in no family.']],
      [6, 'refuse', ['Row 5 is the same person (the same e-mail address and first name): this row is left out.']],
      [7, 'refuse', ['Row 2 of the same family (Nofirst) is refused, and a family is imported whole: fix that row and import again.']],
    ]);
    assert.deepEqual(plan.summary, { create: 1, match: 0, refuse: 5, newFamilies: 0 });
  });

  it('matches a person already here by e-mail and first name, or by name and birth date, and adds their family-mates to their family', async () => {
    const family = await newFamily(server, 'Matchers');
    const byEmail = await newPerson(server, { first_name: 'Gil', last_name: 'Matcher', email: 'gil@matcher.example', family_id: family.id });
    const byBirth = await newPerson(server, { first_name: 'Hana', last_name: 'Matcher', email: null, birth_year: 1975, birth_month: 5, birth_day: 17 });
    const byFamily = await newPerson(server, { first_name: 'Jon', last_name: 'Matcher', email: null, family_id: family.id });
    const file = [
      'First Name,Last Name,Email,Birth Date,Family',
      'Gil,Matcher,GIL@matcher.example,,Matcher household',
      'Hana,Matcher,,05/17/1975,',
      'Ivy,Matcher,gil@matcher.example,,Matcher household', // shares Gil's address: a new person, in Gil's family
      'Jon,Matcher,,,Matcher household', // no address or date, but the same name in the family Gil brings: a file imported twice
    ].join('\n');
    const plan = await dryRun(file);
    assert.deepEqual(plan.rows.map((r) => [r.outcome, r.personId, r.matchedBy, r.family]), [
      ['match', byEmail.id, 'email', { name: 'Matchers', familyId: family.id }],
      ['match', byBirth.id, 'name_birth', null],
      ['create', null, null, { name: 'Matchers', familyId: family.id }],
      ['match', byFamily.id, 'name_family', { name: 'Matchers', familyId: family.id }],
    ]);
    assert.deepEqual(byRow(plan, 2).reasons, [`Already here as Gil Matcher (#${byEmail.id}), with the same e-mail address and first name: left as they are.`]);
    assert.deepEqual(byRow(plan, 3).reasons, [`Already here as Hana Matcher (#${byBirth.id}), with the same name and birth date: left as they are.`]);

    const answer = await commit(file, plan);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const result = answer.body as ImportResultView;
    assert.deepEqual({ ...result, personIds: result.personIds.length }, { created: 1, matched: 3, refused: 0, familiesCreated: 0, personIds: 1 });
    const [ivy] = await storedRows(server, 'persons', { id: result.personIds[0] });
    assert.deepEqual([ivy.first_name, ivy.email, ivy.family_id, ivy.entered_by], ['Ivy', 'gil@matcher.example', family.id, editor.personId]);
    assert.equal(await countRows(server, 'persons', { last_name: 'Matcher' }), 4);
  });

  it('reads a UTF-8 file with a byte-order mark, ; between cells and quoted cells holding commas, quotes and line breaks', async () => {
    const file = '\uFEFFNombre;Apellidos;Correo;Dirección;Familia\r\n"Ana";"Muñoz, de la Cruz";ana@munoz.example;"Calle 1; piso 2\r\nMadrid";"Muñoz ""Norte"""\r\nLuis;Muñoz;;;"Muñoz ""Norte"""\r\n';
    const plan = await dryRun(file);
    assert.deepEqual(plan.file, { encoding: 'UTF-8', delimiter: ';', rows: 2 });
    assert.deepEqual(plan.columns.map((c) => c.field), ['firstName', 'lastName', 'email', 'address1', 'family']);
    assert.deepEqual(plan.rows.map((r) => [r.row, r.name, r.outcome]), [[2, 'Ana Muñoz, de la Cruz', 'create'], [3, 'Luis Muñoz', 'create']]);
    const answer = await commit(file, plan);
    assert.equal(answer.status, 201);
    const [family] = await storedRows(server, 'families', { name: 'Muñoz "Norte"' });
    assert.equal(family.address1, 'Calle 1; piso 2\r\nMadrid');
    assert.equal(await countRows(server, 'persons', { family_id: family.id }), 2);
  });

  it("reads Excel's UTF-16 (little-endian, with its mark) with tabs, and a Windows-1252 file", async () => {
    const tabbed = await dryRun(utf16le('First Name\tLast Name\tEmail\nJosé\tÑúñez\tjose@nunez.example\n'));
    assert.deepEqual(tabbed.file, { encoding: 'UTF-16LE', delimiter: 'tab', rows: 1 });
    assert.equal(tabbed.rows[0].name, 'José Ñúñez');
    const commas = await dryRun(utf16le('First Name,Last Name\r\nZoë,Brontë\r\n'));
    assert.deepEqual([commas.file.delimiter, commas.rows[0].name], [',', 'Zoë Brontë']);
    const latin1 = await dryRun(Buffer.from([...Buffer.from('first,last\n'), 0x52, 0x61, 0xfa, 0x6c, 0x2c, 0x50, 0xe9, 0x72, 0x65, 0x7a, 0x0a]));
    assert.deepEqual([latin1.file.encoding, latin1.rows[0].name], ['Windows-1252', 'Raúl Pérez']);
  });

  it("recognises ChurchCRM's and Planning Center's export headers, and takes a changed mapping", async () => {
    const churchCrm = await dryRun('"Family ID ","Person Id","Last Name","First Name","Home Phone","Cell Phone","Email","Birth Date","Family Role","Gender"\n"7","12","Crm","Kim","555","556","kim@crm.example","1980-5-17","Head of Household","Female"\n');
    assert.deepEqual(churchCrm.columns.map((c) => c.field), ['familyKey', null, 'lastName', 'firstName', 'homePhone', 'cellPhone', 'email', 'birthDate', 'familyRole', 'gender']);
    assert.deepEqual(churchCrm.rows[0].family, { name: 'Crm', familyId: null });
    const planningCenter = await dryRun('Person ID,Given Name,Last Name,Birthdate,Home Email,Mobile Phone Number,Household ID,Household Name,Home Address Street Line 1,Home Address City\n1,Lee,Pco,1990-01-02,lee@pco.example,555,88,The Pco Household,1 Main St,Springfield\n');
    assert.deepEqual(planningCenter.columns.map((c) => c.field), [null, 'firstName', 'lastName', 'birthDate', 'email', 'cellPhone', 'familyKey', 'family', 'address1', 'city']);
    assert.deepEqual(planningCenter.rows[0].reasons, ['Will be added, in the new family The Pco Household.']);

    const unknown = 'Vorname,Nachname\nMax,Muster\n';
    const unmapped = await dryRun(unknown);
    assert.deepEqual(unmapped.rows[0].reasons, ['No column is chosen as the first name.', 'No column is chosen as the last name.']);
    const mapping = { Vorname: 'firstName', Nachname: 'lastName' };
    const mapped = await dryRun(unknown, mapping);
    assert.deepEqual([mapped.rows[0].outcome, mapped.columns.map((c) => [c.field, c.suggested])], ['create', [['firstName', null], ['lastName', null]]]);
    assert.equal((await commit(unknown, mapped, mapping)).status, 201);
    assert.equal(await countRows(server, 'persons', { last_name: 'Muster' }), 1);
  });

  it('refuses a file that is not CSV, or has no people, with 400 saying what to do', async () => {
    expectError(await server.post('/api/persons/import/dry-run', { file: base64('first,last\n"Ann,Open\n') }, as(editor)), 400, /The file cannot be read as CSV: a quoted cell is never closed/);
    expectError(await server.post('/api/persons/import/dry-run', { file: base64('first,last\n') }, as(editor)), 400, 'The file has a header row but no people under it');
  });

  it('is for EditRecords: another staff login gets 403 and a volunteer 403', async () => {
    expectError(await server.post('/api/persons/import/dry-run', { file: base64('first,last\nA,B\n') }, as(staff)), 403, 'User must be an Admin or have EditRecords permission');
    expectError(await server.post('/api/persons/import', { file: base64('first,last\nA,B\n'), planId: 'x' }, as(volunteer)), 403, 'User must be an Admin or have EditRecords permission');
  });
});

describe('POST /api/persons/import', () => {
  it('refuses with 409 and writes nothing when the people changed since the dry run', async () => {
    const file = 'first,last,email\nNia,Late,nia@late.example\n';
    const plan = await dryRun(file);
    await newPerson(server, { first_name: 'Nia', last_name: 'Late', email: 'nia@late.example' });
    const before = await counts();
    expectError(await commit(file, plan), 409, 'The file, the columns chosen or the people already here changed since the dry run: run the dry run again and check it before importing');
    assert.deepEqual(await counts(), before);
  });

  it('streams its progress as JSON lines when asked, then the result', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `Streamed${i},Progress,,Progress ${i % 300}`);
    const file = `first,last,email,family\n${rows.join('\n')}\n`;
    const plan = await dryRun(file);
    const answer = await server.post('/api/persons/import', { file: base64(file), planId: plan.planId }, { ...as(editor), headers: { accept: 'application/x-ndjson' } });
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /application\/x-ndjson/);
    const lines = answer.text.trim().split('\n').map((line) => JSON.parse(line) as ImportProgressLineView);
    assert.deepEqual(lines.slice(0, -1), [{ done: 0, total: 1200 }, { done: 500, total: 1200 }, { done: 1000, total: 1200 }, { done: 1200, total: 1200 }]);
    const last = lines.at(-1)!;
    assert.ok('result' in last);
    assert.deepEqual([last.result.created, last.result.familiesCreated], [1200, 300]);
    assert.equal(await countRows(server, 'persons', { last_name: 'Progress' }), 1200);
  });

  it('is all or nothing: a row the database refuses after 500 were written leaves no person and no family', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => (i === 650 ? 'Fay,Faulty,,Faulty' : `Whole${i},Wholesome,,Wholesome ${i % 50}`));
    const file = `first,last,email,family\n${rows.join('\n')}\n`;
    const plan = await dryRun(file);
    assert.deepEqual(plan.summary, { create: 700, match: 0, refuse: 0, newFamilies: 51 });
    await refusePeopleNamed(server, 'Faulty');
    const before = await counts();
    const answer = await commit(file, plan);
    assert.equal(answer.status, 500);
    assert.deepEqual(await counts(), before);
    const streamed = await server.post('/api/persons/import', { file: base64(file), planId: plan.planId }, { ...as(editor), headers: { accept: 'application/x-ndjson' } });
    const lines = streamed.text.trim().split('\n').map((line) => JSON.parse(line) as ImportProgressLineView);
    assert.deepEqual(lines.at(-1), { error: { message: 'The import failed, and nothing of it was written. Please contact your system administrator.', code: 500 } });
    assert.ok(lines.some((line) => 'done' in line && line.done === 500), 'the first 500 were written before the refusal');
    assert.deepEqual(await counts(), before);
  });
});

describe('GET /api/persons.csv', () => {
  it('answers everyone as CSV with a byte-order mark, and a leading quote on cells a spreadsheet would run as formulas', async () => {
    const family = await newFamily(server, '@Family');
    const risky = await newPerson(server, { first_name: '=HYPERLINK("x")', last_name: 'Csvtest', email: null, cell_phone: '+1 555 0100', home_phone: '-5', work_phone: '\tx', family_id: family.id, birth_month: 5, birth_day: 17 });
    const answer = await server.get('/api/persons.csv', as(staff));
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^text\/csv/);
    assert.match(String(answer.headers['content-disposition']), /attachment; filename="people.csv"/);
    assert.ok(answer.text.startsWith('\uFEFFPerson ID,First Name,Middle Name,Last Name,Email,Cell Phone,Home Phone,Work Phone,Birth Date,Gender,Family ID,Family,Family Role,'));
    const line = answer.text.split('\r\n').find((l) => l.startsWith(`${risky.id},`));
    assert.equal(line, `${risky.id},"'=HYPERLINK(""x"")",,Csvtest,,'+1 555 0100,'-5,"'\tx",05-17,,${family.id},'@Family,,,,,,,`);
  });

  it('comes back through the import as people already here', async () => {
    const exported = (await server.get('/api/persons.csv', as(staff))).text;
    const plan = await dryRun(exported);
    const risky = plan.rows.find((row) => row.name === '=HYPERLINK("x") Csvtest')!;
    assert.deepEqual([risky.outcome, risky.family], ['match', { name: '@Family', familyId: risky.family?.familyId }]);
    assert.equal(plan.summary.refuse, 0);
  });

  it('is for staff: a volunteer gets 403', async () => {
    expectError(await server.get('/api/persons.csv', as(volunteer)), 403, /volunteer/);
  });
});
