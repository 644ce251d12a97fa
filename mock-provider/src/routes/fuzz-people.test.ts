import { describe } from 'vitest';
import { fuzzServices } from '../../test/fuzz-runner.ts';

describe('fuzzing auth, conversation, business card and user calls', () => {
  fuzzServices(['auth', 'conversation', 'businesscard', 'user']);
});
