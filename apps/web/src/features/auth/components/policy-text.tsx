// A text with one `<policy>…</policy>` part (the login page's consent and cookie notice), that part shown as the
// given link with the part's words: what react-i18next's Trans rendered for these keys, without bringing its HTML
// parser onto the login route (issue 17). `PolicyLink` is that text with its part as a link to a policy page.
import { Anchor } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode } from 'react';

export function PolicyText({ text, link }: { text: string; link: ReactElement<{ children?: ReactNode }> }) {
  const parts = /^([\s\S]*?)<policy>([\s\S]*?)<\/policy>([\s\S]*)$/.exec(text);
  if (!parts) return text;
  const [, before = '', words = '', after = ''] = parts;
  return (
    <>
      {before}
      {cloneElement(link, undefined, words)}
      {after}
    </>
  );
}

/** `text`'s `<policy>` part as a link to the policy page at `href`, opened in a new tab. */
export function PolicyLink({ text, href }: { text: string; href: string }) {
  return (
    <PolicyText
      text={text}
      link={<Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always" inherit />}
    />
  );
}
