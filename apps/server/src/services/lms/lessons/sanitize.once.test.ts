import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { LESSON_HTML_MAX_BYTES, lessonHtmlHasText, sanitizeLessonHtml } from './sanitize.ts';

/** Payloads from the OWASP XSS filter evasion cheat sheet (and a few of our own). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>',
  '<a href="jav&#x09;ascript:alert(\'XSS\');">x</a>',
  '<a href="jav&#x0A;ascript:alert(\'XSS\');">x</a>',
  '<a href=" &#14;  javascript:alert(\'XSS\');">x</a>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=//xss.example/.j>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  "<svg/onload=alert('XSS')>",
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<p style="background-image: url(javascript:alert(1))">x</p>',
  '<p style="text-align: center; behavior: url(xss.htc)">x</p>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="http://plain.example/">not https</a>',
  '<a href="//protocol-relative.example/">x</a>',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">x</button></form>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><script>alert(1)</script></template>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<p><a href="https://ok.example" onclick="alert(1)" target="_self" rel="opener">ok</a></p>',
];

/** Whether sanitised HTML could run anything: a script-capable tag, handler, scheme or style. */
function looksActive(html: string): string | null {
  const lower = html.toLowerCase();
  const tags = [...lower.matchAll(/<\s*([a-z0-9]+)/g)].map((m) => m[1]);
  const allowed = new Set([
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'code',
    'pre',
    'hr',
  ]);
  const bad = tags.find((t) => !allowed.has(t ?? ''));
  if (bad) return `tag ${bad}`;
  if (/<[^>]*\son[a-z]+\s*=/.test(lower)) return 'event handler';
  for (const m of lower.matchAll(/href="([^"]*)"/g)) {
    if (!/^(https:|mailto:|tel:)/.test(m[1] ?? '')) return `href ${m[1]}`;
  }
  for (const m of lower.matchAll(/style="([^"]*)"/g)) {
    if (!/^(text-align:(left|right|center);?)$/.test((m[1] ?? '').replace(/\s/g, ''))) return `style ${m[1]}`;
  }
  return null;
}

describe('sanitizeLessonHtml', () => {
  it.each(PAYLOADS)('leaves nothing that runs: %s', (payload) => {
    const out = sanitizeLessonHtml(payload);
    expect(looksActive(out)).toBeNull();
    expect(out.toLowerCase()).not.toContain('<script');
    expect(sanitizeLessonHtml(out)).toBe(out);
  });

  it('keeps what the editor makes', () => {
    const html =
      '<h2>Title</h2><p style="text-align: center">A <strong>bold</strong>, <em>em</em>, <u>u</u>, <s>s</s> and <code>code</code>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre>pre</pre><hr /><h3>h3</h3><h4>h4</h4><p>line<br />break</p>';
    const out = sanitizeLessonHtml(html);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<p style="text-align:center">');
    for (const tag of ['strong', 'em', 'u', 's', 'code', 'ul', 'ol', 'li', 'blockquote', 'pre', 'h3', 'h4']) {
      expect(out).toContain(`<${tag}>`);
    }
    expect(out).toContain('<hr />');
    expect(out).toContain('<br />');
  });

  it('forces links to open apart, without referrer, and keeps only https, mailto and tel', () => {
    expect(sanitizeLessonHtml('<a href="https://ok.example/x" target="_self" rel="opener">ok</a>')).toBe(
      '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizeLessonHtml('<a href="mailto:a@b.example">m</a>')).toContain('href="mailto:a@b.example"');
    expect(sanitizeLessonHtml('<a href="tel:+911234">t</a>')).toContain('href="tel:+911234"');
    expect(sanitizeLessonHtml('<a href="http://plain.example/">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('drops other alignments and other styles', () => {
    expect(sanitizeLessonHtml('<p style="text-align: justify; color: red">x</p>')).toBe('<p>x</p>');
  });

  it('is idempotent on mixed content', () => {
    const once = sanitizeLessonHtml(PAYLOADS.join('<p>between</p>'));
    expect(sanitizeLessonHtml(once)).toBe(once);
  });

  it('refuses more than 100 KB after sanitising, but not markup that sanitises away', () => {
    expect(() => sanitizeLessonHtml(`<p>${'a'.repeat(LESSON_HTML_MAX_BYTES)}</p>`)).toThrow(AppError);
    const noise = `<p>x</p>${'<script>ignored</script>'.repeat(6000)}`;
    expect(noise.length).toBeGreaterThan(LESSON_HTML_MAX_BYTES);
    expect(sanitizeLessonHtml(noise)).toBe('<p>x</p>');
    // Bytes, not characters: Devanagari is three bytes a letter in UTF-8.
    expect(() => sanitizeLessonHtml(`<p>${'क'.repeat(35_000)}</p>`)).toThrow(AppError);
  });

  it('tells whether any words are left', () => {
    expect(lessonHtmlHasText('<p></p><p>&nbsp;</p>')).toBe(false);
    expect(lessonHtmlHasText('<p><strong>x</strong></p>')).toBe(true);
  });
});
