/**
 * An e-mail address that wraps after a dot or before the @, never inside a piece (not even at
 * a hyphen) while the piece fits on a line; only a piece wider than the line is broken.
 */
export function EmailAddress({ address }: { address: string }) {
  const pieces = address.split(/(?<=\.)|(?=@)/);
  return (
    // Left to right even in Arabic, so the parts keep their order.
    <span className="email-address" dir="ltr" data-testid="email-address">
      {pieces.map((piece, i) => (
        <span key={i} className="email-piece">
          {piece}
        </span>
      ))}
    </span>
  );
}
