import { languageIn, offeredAreas, type TCountry, type TWhiteLabel } from '@app/contract';
import { type Block, type Language, languageOr, type MailText, type MessageCatalogue } from './catalogue.ts';
import en from './en.ts';
import fr from './fr.ts';
import hi from './hi.ts';
import kn from './kn.ts';
import mr from './mr.ts';
import ta from './ta.ts';
import te from './te.ts';

export { knownLanguage, type Language, languageOr, type MessageCatalogue } from './catalogue.ts';

const CATALOGUES: Record<Language, MessageCatalogue> = { en, hi, kn, te, ta, mr, fr };

/** The messages in a recipient's language: one of the seven, else English (also for null). */
export function messagesIn(language: string | null | undefined): MessageCatalogue {
  return CATALOGUES[languageOr(language)];
}

/**
 * What a workspace offers the people it invites, in `language`: the built areas (`BUILT_AREAS`) it
 * has switched on that a person uses, as a list ("training courses and who to contact about
 * harassment"); empty when none. Derived, never written out, so a mail promises only what exists.
 */
export function offerOf(language: string | null | undefined, switches: TWhiteLabel): string {
  const lang = languageOr(language);
  const texts = CATALOGUES[lang];
  const offered = offeredAreas(switches).flatMap((a) => {
    const text = texts.areaOffers[a];
    return text ? [text] : [];
  });
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(offered);
}

/** A workspace's branding as its mail shows it (the platform's own for platform mail). */
export type Brand = {
  /** The company name, shown at the top and as the signature. */
  name: string;
  /** Six hex digits without `#`: the header's colour. */
  color: string;
  /** An absolute URL of the logo, or null (the name alone is shown). */
  logoUrl: string | null;
  /**
   * The workspace's country: its mail is in one of that country's languages (`COUNTRY_LANGUAGES`),
   * English for a recipient whose language it does not offer. Absent or null (the platform): any.
   */
  country?: TCountry | null;
};

/**
 * The language a recipient reads mail from `brand` in: their own when the workspace offers it
 * (a French-speaking account reads English from an Indian workspace), else English.
 */
export function mailLanguage(brand: Pick<Brand, 'country'>, language: string | null | undefined): Language {
  return brand.country ? languageIn(language, brand.country) : languageOr(language);
}

/** The messages for a recipient of `brand`'s mail and SMS, in `mailLanguage(brand, language)`. */
export function messagesFor(brand: Pick<Brand, 'country'>, language: string | null | undefined): MessageCatalogue {
  return CATALOGUES[mailLanguage(brand, language)];
}

/** A rendered mail, as the `mail.send` job carries it. */
export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `#RRGGBB` for a colour we stored (checked, but a mail is no place to trust it blindly). */
const cssColor = (hex: string) => (/^[0-9A-Fa-f]{6}$/.test(hex) ? `#${hex}` : '#1F6FEB');

/** Text as HTML: escaped, line breaks kept, and web addresses made links (a template may put one mid-sentence). */
const textHtml = (text: string) =>
  escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replaceAll('\n', '<br>');

function blockHtml(block: Block): string {
  if (typeof block === 'string') return textHtml(block);
  if ('code' in block) return `<strong style="font-size:24px;letter-spacing:4px">${escapeHtml(block.code)}</strong>`;
  return `<a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a>`;
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('code' in block) return block.code;
  return block.link;
}

/** The HTML of a mail: a header in the workspace's colour with its logo (or name), the paragraphs, and the name as signature. */
function brandedHtml(brand: Brand, blocks: Block[], lang: Language): string {
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:40px;vertical-align:middle">`
    : `<span style="font-size:18px;font-weight:600">${escapeHtml(brand.name)}</span>`;
  const header = `<div style="border-top:6px solid ${cssColor(brand.color)};padding:16px 0 8px">${logo}</div>`;
  const body = [...blocks, brand.name].map((b) => `<p>${blockHtml(b)}</p>`).join('');
  return `<div lang="${lang}" style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${header}${body}</div>`;
}

/** A mail from the catalogue, branded: plain text and HTML, both ending with the company's name. */
export function renderMail(brand: Brand, mail: MailText, language: string | null | undefined): RenderedMail {
  const lang = mailLanguage(brand, language);
  return {
    subject: mail.subject,
    text: [...mail.blocks.map(blockText), brand.name].join('\n\n'),
    html: brandedHtml(brand, mail.blocks, lang),
  };
}

/**
 * A mail written as plain text (a workspace's own invitation template, or the default one),
 * branded: paragraphs are split at blank lines, and a paragraph that is only a URL becomes a link.
 */
export function renderTextMail(
  brand: Brand,
  subject: string,
  text: string,
  language: string | null | undefined,
): RenderedMail {
  const blocks: Block[] = text.split(/\n{2,}/).flatMap((p): Block[] => {
    const lines = p.split('\n');
    const last = lines.at(-1)?.trim() ?? '';
    if (/^https?:\/\/\S+$/.test(last)) {
      const before = lines.slice(0, -1).join('\n');
      return [...(before ? [before] : []), { link: last, label: last }];
    }
    return [p];
  });
  return { subject, text, html: brandedHtml(brand, blocks, mailLanguage(brand, language)) };
}
