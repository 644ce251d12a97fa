// The message a form or an action shows under itself (useTimedFeedback): red for a failure, green for a
// success. The polite live region stays in the page so what is placed into it is read out; a failure is an
// alert.
import { Text } from '@mantine/core';
import type { Feedback } from '../hooks/use-timed-feedback.ts';

export function FeedbackMessage({ feedback }: { feedback: Feedback | undefined }) {
  return (
    <div aria-live="polite">
      {feedback ? (
        <Text
          size="sm"
          fw={500}
          c={feedback.tone === 'error' ? 'red.8' : 'green.9'}
          role={feedback.tone === 'error' ? 'alert' : undefined}
          data-tone={feedback.tone}
        >
          {feedback.text}
        </Text>
      ) : null}
    </div>
  );
}
