/**
 * A PostgreSQL regular expression (ARE, to use with `~*` and `regexp_replace(..., 'gi')`) that finds an e-mail
 * address as a whole inside any text: not as the tail of a longer address (`ann@x.com` in `joann@x.com`) nor as
 * the head of one (`ann@x.com` in `ann@x.com.au`). Every character of the address stands for itself.
 */
export function addressPattern(address: string): string {
  const literal = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?<![A-Za-z0-9._%+-])${literal}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`;
}
