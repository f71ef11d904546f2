import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, isApiError, ok } from '../api/client';
import { ErrorNote, SuccessNote } from '../components/feedback';

const FIELDS = ['firstName', 'lastName', 'email', 'cellPhone'] as const;
type Fields = Record<(typeof FIELDS)[number], string>;

/**
 * The public registration form the church can link to (issue 33 #6): the API's person registration, with its rules
 * and messages; the record waits for the office to approve it.
 */
export function Register() {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Fields>({ firstName: '', lastName: '', email: '', cellPhone: '' });
  const register = useMutation({
    mutationFn: () => ok(api.POST('/api/public/register/person', {
      body: { firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), email: fields.email.trim(), cellPhone: fields.cellPhone.trim() || undefined },
    })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate();
  };
  if (register.isSuccess) {
    return (
      <section className="card">
        <h1>{t('register.title')}</h1>
        <SuccessNote takesFocus>{t('register.done', { name: register.data.FirstName })}</SuccessNote>
      </section>
    );
  }
  const closed = isApiError(register.error, 403);
  return (
    <section className="card">
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <form onSubmit={submit} className="form">
        {FIELDS.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`register-${name}`}>{t(`register.${name}`)}</label>
            <input id={`register-${name}`} name={name} required={name !== 'cellPhone'} value={fields[name]}
              type={name === 'email' ? 'email' : name === 'cellPhone' ? 'tel' : 'text'}
              autoComplete={{ firstName: 'given-name', lastName: 'family-name', email: 'email', cellPhone: 'tel' }[name]}
              onChange={(event) => setFields({ ...fields, [name]: event.target.value })} />
          </div>
        ))}
        {register.isError && (closed ? <div className="note note-error" role="alert"><p>{t('register.closed')}</p></div> : <ErrorNote error={register.error} />)}
        <button type="submit" className="button button-primary" disabled={register.isPending}>{t('register.send')}</button>
      </form>
      <p><Link to="/sign-in">{t('register.haveLogin')}</Link></p>
    </section>
  );
}
