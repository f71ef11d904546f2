import mjml2html from 'mjml';
import type { Language } from '../../../db/schema.js';

/** What a mail says, in the recipient's language, before it is laid out as HTML and as plain text. */
export interface MailContent {
  language: Language;
  churchName: string;
  /** Without the church's prefix. */
  subject: string;
  greeting: string;
  /** Paragraphs before the facts. */
  lead: string[];
  /** What, when, where, which team: one labelled line each. */
  facts: Array<{ label: string; value: string }>;
  /** Big buttons, one answer per link (Accept, Decline); plain `Label: URL` lines in the text. */
  buttons: Array<{ label: string; url: string; tone: ButtonTone }>;
  /** Paragraphs after the buttons. */
  after: string[];
  /** Why the person got this mail, and where they choose what they get. */
  footer: string[];
}

export type ButtonTone = 'accept' | 'decline' | 'action';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** A paragraph as HTML: escaped, its addresses made links. */
function paragraph(text: string, style = ''): string {
  // A line break within a paragraph (a workspace message's) stays one.
  const linked = escapeHtml(text).replace(URL_IN_TEXT, (url) => `<a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a>`).replace(/\r?\n/g, '<br>');
  return `<p style="margin:0 0 12px${style}">${linked}</p>`;
}

const TONES = {
  accept: { background: '#15803d', color: '#ffffff', border: 'none' },
  decline: { background: '#ffffff', color: '#b91c1c', border: '2px solid #b91c1c' },
  action: { background: '#1d4ed8', color: '#ffffff', border: 'none' },
} as const;

/**
 * The mail's frame in MJML (responsive, and tables that Outlook lays out): one column that fills a phone's width,
 * the facts as a table, each button the column's full width and 48 px tall. Placeholders (`%%NAME%%`) are filled
 * per mail with escaped text, so MJML, which takes tens of milliseconds a render, compiles each shape once.
 */
function frame(buttons: ReadonlyArray<ButtonTone>, hasFacts: boolean): string {
  const facts = hasFacts
    ? `<mj-table padding="4px 24px 12px" cellpadding="6" font-size="16px" line-height="22px" color="#111827">%%FACTS%%</mj-table>`
    : '';
  const buttonMarkup = buttons.map((tone, index) => {
    const { background, color, border } = TONES[tone];
    return `<mj-button href="%%BUTTON_URL_${index}%%" background-color="${background}" color="${color}" border="${border}" border-radius="8px"
      font-size="18px" font-weight="700" height="48px" width="100%" padding="6px 24px" inner-padding="14px 16px">%%BUTTON_LABEL_${index}%%</mj-button>`;
  }).join('');
  return `<mjml lang="%%LANG%%">
  <mj-head>
    <mj-title>%%TITLE%%</mj-title>
    <mj-preview>%%PREVIEW%%</mj-preview>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#111827" padding="4px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-section background-color="#1e3a8a" padding="12px 0"><mj-column>
      <mj-text color="#ffffff" font-size="18px" font-weight="700">%%CHURCH%%</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="16px 0"><mj-column>
      <mj-text>%%LEAD%%</mj-text>
      ${facts}
      <mj-text>%%LEAD_REST%%</mj-text>
      ${buttonMarkup}
      <mj-text>%%AFTER%%</mj-text>
    </mj-column></mj-section>
    <mj-section padding="8px 0 24px"><mj-column>
      <mj-text font-size="13px" line-height="19px" color="#4b5563">%%FOOTER%%</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
}

const compiled = new Map<string, Promise<string>>();

/** The compiled HTML of a shape, compiled on its first use and kept for the life of the process. */
function compiledFrame(buttons: ReadonlyArray<ButtonTone>, hasFacts: boolean): Promise<string> {
  const key = `${buttons.join(',')}|${hasFacts}`;
  let html = compiled.get(key);
  if (!html) {
    html = mjml2html(frame(buttons, hasFacts), { validationLevel: 'strict' }).then((result) => result.html);
    // A failed compile is not kept: the next mail tries again.
    html.catch(() => compiled.delete(key));
    compiled.set(key, html);
  }
  return html;
}

export function fullSubject(content: MailContent): string {
  return `[${content.churchName}] ${content.subject}`;
}

/** The HTML part: the compiled frame with this mail's escaped words. */
export async function renderHtml(content: MailContent): Promise<string> {
  const html = await compiledFrame(content.buttons.map((button) => button.tone), content.facts.length > 0);
  const values: Record<string, string> = {
    LANG: content.language,
    TITLE: escapeHtml(fullSubject(content)),
    PREVIEW: escapeHtml(content.lead[0] ?? content.subject),
    CHURCH: escapeHtml(content.churchName),
    // The first paragraph says what the mail is about; the facts follow it, then what to do.
    LEAD: [content.greeting, ...content.lead.slice(0, 1)].map((text) => paragraph(text)).join(''),
    LEAD_REST: content.lead.slice(1).map((text) => paragraph(text)).join(''),
    FACTS: content.facts.map((fact) => `<tr><th scope="row" style="text-align:left;vertical-align:top;padding-right:12px;white-space:nowrap;color:#4b5563;font-weight:600">${escapeHtml(fact.label)}</th><td style="font-weight:600">${escapeHtml(fact.value)}</td></tr>`).join(''),
    AFTER: [...content.after, `— ${content.churchName}`].map((text) => paragraph(text)).join(''),
    FOOTER: content.footer.map((text) => paragraph(text, ';font-size:13px')).join(''),
  };
  content.buttons.forEach((button, index) => {
    values[`BUTTON_URL_${index}`] = escapeHtml(button.url);
    values[`BUTTON_LABEL_${index}`] = escapeHtml(button.label);
  });
  // One pass, so a value that happens to hold `%%…%%` is never filled again.
  return html.replace(/%%([A-Z_0-9]+)%%/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The plain-text alternative: the same words, the facts as `Label: value` lines, each button as `Label: URL`. */
export function renderText(content: MailContent): string {
  return [
    content.greeting,
    '',
    ...content.lead.slice(0, 1),
    ...(content.facts.length ? ['', ...content.facts.map((fact) => `${fact.label}: ${fact.value}`), ''] : []),
    ...content.lead.slice(1),
    ...content.buttons.map((button) => `${button.label}: ${button.url}`),
    ...content.after,
    '',
    `— ${content.churchName}`,
    '',
    '--',
    ...content.footer,
  ].join('\n');
}
