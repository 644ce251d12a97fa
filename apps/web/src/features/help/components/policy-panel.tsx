// Privacy and cookie policy (spec 02 §2.10): a description and a button opening the external policy in a new
// window.
import { Button, Stack, Text } from '@mantine/core';

export function PolicyPanel({
  description,
  button,
  url,
}: {
  description: string;
  button: string;
  url: string;
}) {
  return (
    <Stack align="flex-start">
      <Text>{description}</Text>
      <Button component="a" href={url} target="_blank" rel="noopener noreferrer">
        {button}
      </Button>
    </Stack>
  );
}
