import { contentTypeFor, isImageName, looksLikeImage } from './content-type';

describe('served content types', () => {
  it('maps known extensions, keeps markup inert, sniffs the rest', () => {
    expect(contentTypeFor('a/logo.PNG')).toBe('image/png');
    expect(contentTypeFor('index.html', Buffer.from('<script>'))).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('Makefile', Buffer.from('all:\n'))).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('blob', Buffer.from([1, 0, 2]))).toBe('application/octet-stream');
    expect(contentTypeFor('unknown')).toBe('application/octet-stream');
  });

  it('checks images by their first bytes', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(looksLikeImage('a.png', png)).toBe(true);
    expect(looksLikeImage('a.jpg', png)).toBe(false);
    expect(looksLikeImage('a.webp', Buffer.from('RIFF0000WEBP'))).toBe(true);
    expect(looksLikeImage('a.webp', Buffer.from('RIFF0000WAVE'))).toBe(false);
    expect(isImageName('x.svg')).toBe(false);
    expect(isImageName('x.gif')).toBe(true);
  });
});
