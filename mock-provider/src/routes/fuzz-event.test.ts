import { describe } from 'vitest';
import { fuzzServices } from '../../test/fuzz-runner.ts';

describe('fuzzing event, presentation, content and collaboration calls', () => {
  fuzzServices(['event', 'presentation', 'content', 'database']);
});
