import { expect } from '@jest/globals';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SqliteBoardStore } from '../store/sqlite-board-store';
import { FileCreditSource, ManualCreditSource } from './credit-source';

describe('credit sources', () => {
  let dir: string;

  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credits-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a credits file and reads it again when it changes', async () => {
    const file = path.join(dir, 'credits.json');
    fs.writeFileSync(file, JSON.stringify({ acme: 120, globex: 12.5 }));
    const source = new FileCreditSource(file);
    expect(await source.balances(['acme', 'initech'])).toEqual(
      new Map([
        ['acme', { ok: true, balance: 120 }],
        ['initech', { ok: false, reason: 'the credits file has no entry for initech' }],
      ]),
    );

    fs.writeFileSync(file, JSON.stringify({ acme: 99 }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await source.balances(['acme'])).get('acme')).toEqual({ ok: true, balance: 99 });
  });

  it('explains a broken credits file for every organization', async () => {
    const file = path.join(dir, 'credits.json');
    fs.writeFileSync(file, JSON.stringify({ acme: 'lots' }));
    const result = await new FileCreditSource(file).balances(['acme', 'globex']);
    for (const org of ['acme', 'globex']) {
      expect(result.get(org)).toEqual({
        ok: false,
        reason: expect.stringContaining('the balance of acme is not a number'),
      });
    }
    const missing = await new FileCreditSource(path.join(dir, 'nope.json')).balances(['acme']);
    expect(missing.get('acme')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('ENOENT'),
    });
  });

  it('takes manual balances from the settings', async () => {
    const store = new SqliteBoardStore(path.join(dir, 'board.sqlite'));
    await store.setSetting(ManualCreditSource.SETTING, { acme: 40 });
    const result = await new ManualCreditSource(store).balances(['acme', 'globex']);
    expect(result.get('acme')).toEqual({ ok: true, balance: 40 });
    expect(result.get('globex')).toEqual({
      ok: false,
      reason: 'no balance has been entered by an admin',
    });
    await store.close();
  });
});
