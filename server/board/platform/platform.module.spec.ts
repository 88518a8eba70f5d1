import { Test } from '@nestjs/testing';
import { PlatformClient } from './platform-client';
import { PlatformHttp } from './platform-http';
import { PlatformModule } from './platform.module';
import { PLATFORM_DEFAULTS } from './platform.options';

describe('PlatformModule', () => {
  const options = { baseUrl: 'http://127.0.0.1:1', token: 't', gitBaseUrl: 'http://127.0.0.1:1' };

  it('provides PlatformClient from a factory, with defaults filled in', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRootAsync({ useFactory: () => Promise.resolve(options) })],
    }).compile();
    expect(moduleRef.get(PlatformClient)).toBeInstanceOf(PlatformClient);
    expect(moduleRef.get(PlatformHttp).options).toMatchObject({ ...options, ...PLATFORM_DEFAULTS });
  });

  it('provides PlatformClient from plain options and refuses bad ones at boot', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [PlatformModule.forRoot(options)],
    }).compile();
    expect(moduleRef.get(PlatformClient)).toBeInstanceOf(PlatformClient);
    await expect(
      Test.createTestingModule({
        imports: [PlatformModule.forRoot({ ...options, baseUrl: 'ftp://x', concurrency: 0 })],
      }).compile(),
    ).rejects.toThrow('baseUrl must be an http(s) URL; concurrency must be a positive integer');
  });
});
