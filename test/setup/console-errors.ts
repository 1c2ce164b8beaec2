/** setupFiles entry: a test fails on console.error output it did not allow (test/helpers/console-errors.ts). */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { endConsoleErrorScope, failOnConsoleErrors, watchConsoleErrors } from '../helpers/console-errors';

watchConsoleErrors();

beforeEach(() => failOnConsoleErrors('before this test, in a beforeAll hook or while the file loaded'));

afterEach(() => {
  try {
    failOnConsoleErrors('during this test');
  } finally {
    endConsoleErrorScope('test');
  }
});

afterAll(() => {
  try {
    failOnConsoleErrors('after the tests of this file, in an afterAll hook');
  } finally {
    endConsoleErrorScope('file');
  }
});
