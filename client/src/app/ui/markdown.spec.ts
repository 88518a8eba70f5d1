import { renderMarkdown } from './markdown';

const PLATFORM = 'http://forge.test:3001';

function render(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(source, PLATFORM);
  return host;
}

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    const html = render('# Title\n\nSome **bold** text and `code`.\n\n- one\n- two');
    expect(html.querySelector('h1')?.textContent).toBe('Title');
    expect(html.querySelector('strong')?.textContent).toBe('bold');
    expect(html.querySelectorAll('li')).toHaveLength(2);
  });

  it('renders the seeded hostile body inert: no script, handler or javascript: URL', () => {
    const html = render(
      [
        'This issue body must render as harmless text.',
        '',
        '<img src=x onerror=alert(1)>',
        '',
        '<script>alert(1)</script>',
        '',
        '[link](javascript:alert(1))',
      ].join('\n'),
    );

    expect(html.querySelector('script')).toBeNull();
    expect(html.innerHTML).not.toMatch(/onerror|javascript:|<script/i);
    expect(html.querySelector('img')).toBeNull();
    expect(html.textContent).toContain('[image not shown]');
    const link = [...html.querySelectorAll('a')].find((a) => a.textContent === 'link');
    expect(link?.hasAttribute('href')).toBe(false);
    expect(html.textContent).toContain('This issue body must render as harmless text.');
  });

  it.each([
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe src="http://evil.test"></iframe>',
    '<div onclick="alert(1)" style="position:fixed">x</div>',
    '<form action="http://evil.test"><input name=a></form>',
    '[x](vbscript:msgbox(1))',
  ])('strips %s', (source) => {
    const html = render(source);
    expect(html.innerHTML).not.toMatch(
      /javascript:|vbscript:|data:text|onclick|<script|<iframe|<form|style=/i,
    );
  });

  it('keeps images from the platform and drops images from elsewhere', () => {
    const html = render(
      '![ok](/acme/web/-/imgs/k1/shot.png) ![abs](http://forge.test:3001/a.png) ![far](https://evil.test/p.png)',
    );
    const sources = [...html.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(sources).toEqual([
      'http://forge.test:3001/acme/web/-/imgs/k1/shot.png',
      'http://forge.test:3001/a.png',
    ]);
    expect(html.textContent).toContain('[image not shown: far]');
  });

  it("gives every kept image an alt: the author's text, or empty when they gave none", () => {
    const html = render(
      '![A screenshot](/a.png) ![](/b.png) <img src="/c.png"> <img src="/d.png" alt="Plan">',
    );
    const alts = [...html.querySelectorAll('img')].map((i) => i.getAttribute('alt'));
    expect(alts).toEqual(['A screenshot', '', '', 'Plan']);
  });

  it('opens links in a new tab without a referrer, resolving platform paths', () => {
    const html = render('[docs](https://example.org/docs) [repo](/acme/web) [mail](mailto:a@b.c)');
    const links = [...html.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/docs',
      'http://forge.test:3001/acme/web',
      'mailto:a@b.c',
    ]);
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toContain('noopener');
  });

  it('renders an empty body as nothing', () => {
    expect(renderMarkdown('', PLATFORM)).toBe('');
  });
});
