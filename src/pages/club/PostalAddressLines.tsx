import type { PostalAddress } from '../../schemas/club.js';

/** The arena's address as an <address> block (contact and stadium pages). */
export function PostalAddressLines({ address, organisation }: { address: PostalAddress; organisation?: string }) {
  return (
    <address>
      {organisation ? (
        <>
          {organisation}
          <br />
        </>
      ) : null}
      {address.venue}
      <br />
      {address.street}
      <br />
      {address.postalCode} {address.city}
    </address>
  );
}
