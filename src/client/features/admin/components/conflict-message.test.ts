import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api-client';
import { conflictMessage } from './conflict-message';

describe('conflictMessage', () => {
  it("shows a 409's detail, or the fallback when it has none", () => {
    expect(conflictMessage(new ApiError(409, 'The course has not started yet.'), 'Failed')).toBe(
      'The course has not started yet.',
    );
    expect(conflictMessage(new ApiError(409, null), 'Failed')).toBe('Failed');
  });

  it('shows the fallback for any other failure, whatever its detail', () => {
    expect(conflictMessage(new ApiError(500, 'Internal error'), 'Failed')).toBe('Failed');
    expect(conflictMessage(new ApiError(422, 'Bad body'), 'Failed')).toBe('Failed');
    expect(conflictMessage(new Error('offline'), 'Failed')).toBe('Failed');
  });
});
