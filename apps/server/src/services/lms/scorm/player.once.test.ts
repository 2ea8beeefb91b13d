import { describe, expect, it } from 'vitest';
import { contentUrl, scormPlayerHtml, scormRuntime } from './player.ts';

describe('the SCORM player page', () => {
  it('loads the right runtime, the SCO under the token, and posts to the parent origin only', () => {
    const html = scormPlayerHtml({
      standard: 'SCORM_2004',
      token: 'tok',
      launchHref: 'sco/my page.html?lang=en',
      parentOrigin: 'http://acme.localhost:3000',
      title: 'Fire safety',
      masteryScore: 70,
    });
    expect(html).toContain('<script src="/scorm-runtime/scorm2004.min.js"></script>');
    expect(html).toContain('"launchUrl":"/scorm/tok/sco/my%20page.html?lang=en"');
    expect(html).toContain('"parentOrigin":"http://acme.localhost:3000"');
    expect(html).toContain('"scaled_passing_score":"0.7"');
    expect(html).toContain('window.API_1484_11 = api');
    expect(html).not.toContain("'*'");
  });

  it('escapes what it is given (a title or href cannot close the script or the title)', () => {
    const html = scormPlayerHtml({
      standard: 'SCORM_12',
      token: 't',
      launchHref: '</script><script>alert(1)</script>.html',
      parentOrigin: 'http://a.localhost:3000',
      title: '</title><script>alert(2)</script>',
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/title&gt;');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('names each path segment escaped, keeping the parameters', () => {
    expect(contentUrl('t', 'a b/c#d.html')).toBe('/scorm/t/a%20b/c#d.html');
    expect(contentUrl('t', 'x/ü.html?q=1')).toBe('/scorm/t/x/%C3%BC.html?q=1');
  });

  it('serves scorm-again 3.4 bundles that define the API classes', async () => {
    expect((await scormRuntime('scorm12.min.js')).toString()).toMatch(/^this\.Scorm12API=/);
    expect((await scormRuntime('scorm2004.min.js')).toString()).toMatch(/Scorm2004API/);
  });
});
