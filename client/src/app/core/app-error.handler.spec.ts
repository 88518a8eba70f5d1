import { ErrorHandler } from '@angular/core';
import { TestBed } from '@angular/core/testing';

import { AppErrorHandler, RELOAD_PAGE, isChunkLoadError } from './app-error.handler';

describe('AppErrorHandler', () => {
  let reload: jest.Mock;
  let handler: ErrorHandler;
  let log: jest.SpyInstance;

  beforeEach(() => {
    sessionStorage.clear();
    reload = jest.fn();
    TestBed.configureTestingModule({
      providers: [
        { provide: ErrorHandler, useClass: AppErrorHandler },
        { provide: RELOAD_PAGE, useValue: reload },
      ],
    });
    handler = TestBed.inject(ErrorHandler);
    log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => log.mockRestore());

  const chunkFailure = () =>
    new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/chunk-ABC.js');

  it('reloads the page when a lazy chunk fails to load', () => {
    handler.handleError(chunkFailure());

    expect(reload).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('reloads only once when the chunk keeps failing, then logs', () => {
    handler.handleError(chunkFailure());
    handler.handleError(chunkFailure());

    expect(reload).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('logs any other error without reloading', () => {
    const error = new Error('boom');
    handler.handleError(error);

    expect(reload).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(error);
  });

  it('recognises the wording of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(chunkFailure())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
