import * as path from 'node:path';
import { InvalidError } from '../../common/errors';
import { DataPaths } from './data-paths';

describe('DataPaths', () => {
  const paths = new DataPaths('/srv/data/forge');

  it('names every file under the root', () => {
    expect(paths.database).toBe('/srv/data/forge/forge.sqlite');
    expect(paths.adminTokenFile).toBe('/srv/data/forge/admin-token');
    expect(paths.repository('Acme', 'Web')).toBe(path.join('/srv/data/forge/repos/acme/web.git'));
  });

  it.each([
    ['..', 'x'],
    ['acme', '..'],
    ['acme', '../../etc'],
    ['acme', 'a/b'],
    ['acme', '-rf'],
    ['acme', 'x\u0000y'],
    ['', 'x'],
  ])('refuses %p / %p', (owner, name) => {
    expect(() => paths.repository(owner, name)).toThrow(InvalidError);
  });

  it('refuses a bad name each time it is asked, the good ones kept', () => {
    expect(paths.repository('acme', 'web')).toBe(paths.repository('acme', 'web'));
    expect(() => paths.repository('acme', '..')).toThrow(InvalidError);
    expect(() => paths.repository('acme', '..')).toThrow(InvalidError);
  });

  it('refuses joins that leave the root', () => {
    expect(() => paths.resolve('..', 'elsewhere')).toThrow(InvalidError);
    expect(() => paths.resolve('/etc/passwd')).toThrow(InvalidError);
    expect(() => paths.resolve('')).toThrow(InvalidError);
  });
});
