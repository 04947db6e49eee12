import { Fragment, type ReactNode } from 'react';

/**
 * An e-mail address that can break across lines after its `@` and before its dots (and after its
 * hyphens, as any word), never inside a name: "anna-lena.bernasconi@" / "bluewin.ch". A long address
 * on a phone otherwise ran out of its box (the confirmation banner scrolled it sideways).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=\.)|(?<=@)/);
  return (
    <span translate="no">
      {parts.map((part, i) => (
        // The parts of one address, in order: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A catalog text with an address filled in, the address breakable as above. */
export function withEmailAddress(sentence: string, address: string): ReactNode {
  const at = address ? sentence.indexOf(address) : -1;
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <EmailAddress address={address} />
      {sentence.slice(at + address.length)}
    </>
  );
}
