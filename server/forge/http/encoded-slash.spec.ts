import { decodeNamespaceSlashes } from './encoded-slash';

describe('decodeNamespaceSlashes', () => {
  it('decodes %2F in the repository path, in either case', () => {
    expect(decodeNamespaceSlashes('/acme%2Fweb/-/issues')).toBe('/acme/web/-/issues');
    expect(decodeNamespaceSlashes('/acme%2fweb')).toBe('/acme/web');
    expect(decodeNamespaceSlashes('/acme%2Fweb.git/info/refs?service=git-upload-pack')).toBe(
      '/acme/web.git/info/refs?service=git-upload-pack',
    );
    expect(decodeNamespaceSlashes('/events/acme%2Fweb/-/2025-01-01')).toBe(
      '/events/acme/web/-/2025-01-01',
    );
  });

  it('leaves parameters after /-/ and the query string encoded', () => {
    expect(decodeNamespaceSlashes('/acme%2Fweb/-/issues/3/labels/type%2Fbug')).toBe(
      '/acme/web/-/issues/3/labels/type%2Fbug',
    );
    expect(decodeNamespaceSlashes('/acme/web/-/git/branches/feature%2Fx')).toBe(
      '/acme/web/-/git/branches/feature%2Fx',
    );
    expect(decodeNamespaceSlashes('/acme/web/-/issues?labels=a%2Fb')).toBe(
      '/acme/web/-/issues?labels=a%2Fb',
    );
  });

  it('leaves a deeper group path to the group routes, which read it as one name', () => {
    expect(decodeNamespaceSlashes('/acme%2Fteam%2Fcore/-/sub-groups')).toBe(
      '/acme%2Fteam%2Fcore/-/sub-groups',
    );
  });

  it('changes nothing else', () => {
    expect(decodeNamespaceSlashes('/acme/web%20x')).toBe('/acme/web%20x');
    expect(decodeNamespaceSlashes('/acme%252Fweb')).toBe('/acme%252Fweb');
  });
});
