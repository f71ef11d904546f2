import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App, newQueryClient } from './App';
import { i18next, LANGUAGES, type Language } from './i18n';

export { LANGUAGES };

/**
 * The sign-in page as the app draws it, for the build to put into the page the service sends (scripts/build-web.mjs):
 * a phone shows the form as soon as the HTML and the styles have come, before the scripts (issue 37 #12). The same
 * components as in the browser, so the text has one source and React takes the page over as it is.
 */
export async function renderSignIn(language: Language): Promise<string> {
  await i18next.changeLanguage(language);
  return renderToString(
    <StrictMode>
      <StaticRouter location="/sign-in">
        <App queryClient={newQueryClient()} />
      </StaticRouter>
    </StrictMode>,
  );
}
